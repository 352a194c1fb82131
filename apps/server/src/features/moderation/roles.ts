import { ROLES, type Role } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import { createAccountsRepository } from '../accounts/repository.js';
import { createModerationRepository } from './repository.js';

export type RoleChange =
  | { ok: true; username: string; from: Role; to: Role }
  | { ok: false; message: string };

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** Gives the person a role (member takes it away), as the operator's command does. */
export async function setRoleByUsername(db: Db, username: string, role: string): Promise<RoleChange> {
  if (!isRole(role)) return { ok: false, message: `Unknown role "${role}". Roles are ${ROLES.join(', ')}.` };
  const user = await createAccountsRepository(db).findByUsername(username.replace(/^@/, ''));
  if (!user) return { ok: false, message: `No account has the username "${username}".` };
  const repo = createModerationRepository(db);
  const from = await repo.roleOf(user.id);
  await repo.setRole(user.id, role);
  return { ok: true, username: user.username, from, to: role };
}
