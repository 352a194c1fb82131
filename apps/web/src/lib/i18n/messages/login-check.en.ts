/** Logins from a new device or place, in login activity (spec 001). */
export const loginCheckEn = {
  'loginCheck.heading': 'Was this you?',
  'loginCheck.body': 'These logins came from a device or place your account had not used. Tell us whether they were you.',
  'loginCheck.when': '{time} · {device} · {ip}',
  'loginCheck.wasMe': 'This was me',
  'loginCheck.wasMeLabel': 'This was me: {browser} on {os}, {ip}',
  'loginCheck.notMe': "This wasn't me",
  'loginCheck.notMeLabel': "This wasn't me: {browser} on {os}, {ip}",
  'loginCheck.confirmed': 'You confirmed this login.',
  'loginCheck.undo': 'Undo',
  'loginCheck.undone': 'The login is unconfirmed again.',
  'loginCheck.notMeTitle': "Secure your account",
  'loginCheck.notMeBody': 'That login will end now. Then change your password, so that whoever made it cannot log in again.',
  'loginCheck.notMeConfirm': 'End it and change my password',
  'loginCheck.cancel': 'Cancel',
  'loginCheck.failed': "We couldn't save that. Please try again.",
  'loginCheck.retry': 'Retry',
} as const;
