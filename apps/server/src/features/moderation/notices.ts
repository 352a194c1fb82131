import type { ReportObjectType } from '@shutter/contract';
import type { StrikeAction } from '../../db/schema.js';

/** What a report led to, as its reporters are told. */
export type Outcome = 'removed' | 'account_action' | 'warned' | 'no_violation';

const NOUN: Record<ReportObjectType, string> = { media: 'post', user: 'account', comment: 'comment', story: 'story', direct_message: 'message' };

const APPEAL = 'Tap to review or appeal.';

/** The owner's activity line for a strike. */
export function ownerNotice(action: StrikeAction, type: ReportObjectType, rule: string): string {
  const noun = NOUN[type];
  switch (action) {
    case 'remove': return `We removed your ${noun} because it goes against our guidelines on ${rule}. ${APPEAL}`;
    case 'sensitive': return `We added a sensitive content warning to your ${type === 'media' ? 'post' : 'posts'} because of our guidelines on ${rule}. ${APPEAL}`;
    case 'warn': return `Something you shared goes against our guidelines on ${rule}. This is a warning. ${APPEAL}`;
    case 'silence': return `We limited your account: it won't show in search, explore or suggestions, because of our guidelines on ${rule}. ${APPEAL}`;
    case 'suspend': return `We suspended your account because of our guidelines on ${rule}. ${APPEAL}`;
  }
}

/** A reporter's activity line once their report was reviewed. */
export function reporterNotice(outcome: Outcome, type: ReportObjectType): string {
  const noun = NOUN[type];
  switch (outcome) {
    case 'removed': return `Thanks for your report. We reviewed it and removed the ${noun}.`;
    case 'account_action': return `Thanks for your report. We reviewed it and took action on the account.`;
    case 'warned': return `Thanks for your report. We reviewed it and warned the account's owner.`;
    case 'no_violation': return `Thanks for your report. We reviewed it and found it doesn't go against our Community Guidelines.`;
  }
}

/** The owner's activity line once their appeal was decided. */
export function appealNotice(state: 'accepted' | 'rejected', action: StrikeAction): string {
  if (state === 'rejected') return 'We reviewed your request again and our decision stands.';
  return action === 'remove' ? 'We reviewed your request and restored what we removed. Sorry for the mistake.' : 'We reviewed your request and reversed our decision. Sorry for the mistake.';
}
