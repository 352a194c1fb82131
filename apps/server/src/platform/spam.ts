/**
 * The answer to an action refused as spam (too many likes, too many profile saves in a short
 * time): the client shows its title, message and a link to read more, as a dialog.
 */
export const SPAM_FEEDBACK = {
  feedback_title: 'Try again later',
  feedback_message: 'We limit how often you can do certain things on Shutter to protect our community. Tell us if you think we made a mistake.',
  feedback_url: '/help/restricted-activity/',
};

export const spamAnswer = () => ({ status: 'fail' as const, spam: true as const, message: SPAM_FEEDBACK.feedback_message, ...SPAM_FEEDBACK });
