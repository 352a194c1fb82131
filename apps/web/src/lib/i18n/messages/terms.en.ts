/** The terms screens (spec 000: terms start, accept, unblock and new terms confirm). */
export const termsEn = {
  'terms.loading': 'Loading the terms',
  'terms.loadFailed': "The terms couldn't be loaded. Check your connection and try again.",
  'terms.retry': 'Try again',
  'terms.version': 'Version {version}',

  'terms.start.heading': "We're updating our terms",
  'terms.start.lead': 'Our Terms of Use and Data Policy have changed. Please review them to keep using Shutter.',
  'terms.start.changesHeading': "What's changing",
  'terms.start.change1': 'Clearer words on what is kept about you, who sees it and for how long.',
  'terms.start.change2': 'What you can do with your data and your account, in one place.',
  'terms.start.change3': 'The rules for what you share, and what happens when they are broken.',
  'terms.start.readTerms': 'Read the full Terms of Use',
  'terms.start.review': 'Review the terms',

  'terms.accept.heading': 'Terms of Use',
  'terms.accept.lead': 'To keep using Shutter, please agree to the terms below.',
  'terms.accept.termsRegion': 'The terms',
  'terms.accept.fullTerms': 'Terms of Use',
  'terms.accept.dataPolicy': 'Data Policy',
  'terms.accept.consentsLegend': 'Your consent',
  'terms.accept.consentTerms': 'I agree to the Terms of Use.',
  'terms.accept.consentDataPolicy': 'I agree that my data is used as the Data Policy describes.',
  'terms.accept.consentHint': 'Both are needed to use Shutter.',
  'terms.accept.consentMissing': 'Tick both boxes to agree.',
  'terms.accept.agree': 'Agree',
  'terms.accept.notNow': 'Not now',
  'terms.accept.failed': "We couldn't save your answer. Please try again.",

  'terms.unblock.heading': "You can't use Shutter until you agree to the terms",
  'terms.unblock.body': 'You chose not to agree to the updated terms. Until you do, you can look around but not post, comment, follow or send messages.',
  'terms.unblock.agree': 'Review and agree',
  'terms.unblock.logOut': 'Log out',

  'terms.confirm.heading': "You've agreed to the new terms",
  'terms.confirm.body': 'Thanks. You can keep using Shutter as before.',
  'terms.confirm.continue': 'Continue',

  'signup.tosConsent': 'I agree to the Terms of Use and to my data being used as the Data Policy describes.',
} as const;
