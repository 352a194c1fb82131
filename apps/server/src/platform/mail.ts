import nodemailer from 'nodemailer';

/** Hands one message to a provider; throws when the provider refuses or cannot be reached. */
export interface MessageSender {
  send(message: { recipient: string; subject: string; body: string }): Promise<void>;
}

/**
 * Where texts (confirmation and reset codes) leave. The embedded default has none: texts stay in
 * the outbox, readable at /dev/outbox/. An operator plugs a provider (Twilio, Vonage, an SMS
 * gateway) by passing one to buildApp as `smsSender`; the outbox then queues each text for it,
 * with the same retries and record as mail.
 */
export type SmsSender = MessageSender;

/** Mail through the operator's SMTP server (SMTP_URL, e.g. smtp://user:pass@mail.example:587). */
export function createSmtpSender(smtp: { url: string; from: string }): MessageSender & { close(): void } {
  const transport = nodemailer.createTransport(smtp.url);
  return {
    async send({ recipient, subject, body }) {
      await transport.sendMail({ from: smtp.from, to: recipient, subject, text: body });
    },
    close: () => transport.close(),
  };
}
