/** Case and accents aside, as the database's `fold_text` compares names ("Sofía" is "sofia"). */
export function fold(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
