import type { UserSummary } from '@shutter/contract';

/** The loaded people whose username or full name contains the search text (case and accents aside). */
export function filterUsers<T extends Pick<UserSummary, 'username' | 'full_name'>>(users: T[], search: string): T[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const needle = fold(search.trim().replace(/^@/, ''));
  if (!needle) return users;
  return users.filter((user) => fold(user.username).includes(needle) || fold(user.full_name ?? '').includes(needle));
}
