/** English strings of editing a post, merged into the catalogue by en.ts. */
export const postEditEn = {
  'post.edit': 'Edit',
  'postEdit.title': 'Edit info',
  'postEdit.cancel': 'Cancel',
  'postEdit.save': 'Save',
  'postEdit.saving': 'Saving',
  'postEdit.saved': 'Your changes have been saved.',
  'postEdit.failedTitle': "Your changes couldn't be saved",
  'postEdit.failed': 'Something went wrong. Check your connection and try again.',
  'postEdit.tagsLimit': 'A post can tag up to {max} people.',
  'postEdit.discardTitle': 'Discard changes?',
  'postEdit.discardBody': "If you leave, your changes won't be saved.",
  'postEdit.discard': 'Discard',
  'postEdit.keepEditing': 'Keep editing',
} as const;
