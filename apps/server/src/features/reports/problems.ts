import type { FastifyBaseLogger } from 'fastify';
import type { Outbox } from '../../platform/outbox.js';

/**
 * "Report a problem" (R-001-reporting-16): what went wrong, in the person's words. It is logged,
 * and mailed to the operator's support address when one is set (SUPPORT_EMAIL).
 */
export function createProblemReports(deps: { outbox: Pick<Outbox, 'send'>; supportEmail?: string; log: FastifyBaseLogger }) {
  return async function reportProblem(reporter: { id: string; username: string }, problem: { text: string; path?: string }): Promise<void> {
    deps.log.info({ event: 'problem_report', reporter_id: reporter.id, path: problem.path ?? null, text: problem.text }, 'problem reported');
    if (!deps.supportEmail) return;
    await deps.outbox.send({
      channel: 'email',
      recipient: deps.supportEmail,
      subject: `Problem reported by @${reporter.username}`,
      body: `@${reporter.username} (account ${reporter.id}) reported a problem${problem.path ? ` on ${problem.path}` : ''}:\n\n${problem.text}\n`,
    });
  };
}
export type ReportProblem = ReturnType<typeof createProblemReports>;
