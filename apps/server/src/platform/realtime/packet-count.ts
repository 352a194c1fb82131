/**
 * Counts the MQTT packets a client sends, as they arrive: one WebSocket message may hold many
 * packets, and one packet may span messages. Only each packet's fixed header is read (a type
 * byte, then its remaining length in one to four bytes); the rest is skipped. Acknowledgements
 * (PUBACK, PUBREC, PUBREL, PUBCOMP) are not counted: they answer what the service sent, and so
 * follow how much a person is told, not how much they send. A length longer than four bytes is
 * no MQTT, and the broker closes the connection for it: counting stops there.
 */
export function mqttPacketCounter(): (chunk: Buffer) => number {
  /** Bytes of the current packet's body not yet seen. */
  let body = 0;
  /** Inside a fixed header: past its type byte, reading the length. */
  let inLength = false;
  let counts = false;
  let length = 0;
  let lengthBytes = 0;
  let broken = false;

  return (chunk) => {
    let count = 0;
    let i = 0;
    while (i < chunk.length && !broken) {
      if (body > 0) {
        const skip = Math.min(body, chunk.length - i);
        body -= skip;
        i += skip;
      } else if (!inLength) {
        const type = chunk[i++]! >> 4;
        inLength = true;
        counts = type < 4 || type > 7;
        length = 0;
        lengthBytes = 0;
      } else {
        const byte = chunk[i++]!;
        length += (byte & 0x7f) * 128 ** lengthBytes;
        lengthBytes++;
        if (byte & 0x80) {
          if (lengthBytes === 4) broken = true;
        } else {
          inLength = false;
          body = length;
          if (counts) count++;
        }
      }
    }
    return count;
  };
}
