/** English strings of sign-in with the operator's OpenID Connect provider, merged into the catalogue by en.ts. */
export const oidcEn = {
  'oidc.continue': 'Continue with {name}',
  'oidc.defaultName': 'your provider',
  'oidc.or': 'or',
  'oidc.notice.canceled': 'Sign-in with {name} was canceled.',
  'oidc.error.denied': "{name} didn't let you sign in. You can try again or log in with your password.",
  'oidc.error.failed': "We couldn't sign you in with {name}. Please try again.",
  'oidc.error.no_email': "{name} didn't share an email address, which an account needs. Sign up with your email instead.",
  'oidc.error.email_taken': 'An account already uses the email address of your {name} account. Log in with its password; once its email is confirmed, {name} works for it too.',
  'oidc.error.birthday_required': 'To make a new account, sign up with the form: it asks for your birthday.',
  'oidc.error.parental_consent_pending': 'This account is waiting for a parent to approve it.',
  'oidc.error.account_suspended': 'This account has been suspended. Log in with its password to see why and ask for a review.',
  'oidc.error.two_factor': 'This account uses two-factor authentication. Log in with its password and your security code.',
} as const;
