import type { Progress } from '../platform/log-steps.js';
import { hashPassword } from '../platform/passwords.js';
import type { SeedDeps } from './demo-world.js';
import { storeGeneratedAvatar } from './avatars.js';
import { DEMO_PASSWORD } from './personas.js';

const FIRST = ['Ana', 'Ben', 'Cleo', 'David', 'Ella', 'Femi', 'Gia', 'Hiro', 'Ivy', 'Jon', 'Kai', 'Lia', 'Milo', 'Nora', 'Omar', 'Pia', 'Raj', 'Sofia', 'Theo', 'Vera', 'Will', 'Yara'];
const LAST = ['Smith', 'Garcia', 'Kumar', 'Chen', 'Novak', 'Silva', 'Brown', 'Ito', 'Mensah', 'Popescu', 'Cohen', 'Jensen', 'Murphy', 'Khan', 'Rossi'];
const BATCH = 1000;
const AVATAR_POOL = 24;

/**
 * Large generated populations for benchmarks: `count` accounts in batches of 1,000 rows, sharing
 * one password hash and a small pool of pictures so that seeding costs database time only.
 */
export async function seedCrowd(deps: SeedDeps, count: number, progress?: Progress): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const pool = await Promise.all(Array.from({ length: AVATAR_POOL }, (_, i) => storeGeneratedAvatar(deps.storage, `crowd-${i}`)));
  const start = await deps.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  let offset = Number(start.n);
  for (let done = 0; done < count; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - done) }, (_, i) => {
      const n = offset + i;
      const first = FIRST[n % FIRST.length]!;
      const last = LAST[Math.floor(n / FIRST.length) % LAST.length]!;
      const username = `${first}.${last}.${n}`.toLowerCase();
      return {
        id: deps.nextId(),
        username,
        username_lower: username,
        email: `${username}@example.net`,
        email_lower: `${username}@example.net`,
        full_name: `${first} ${last}`,
        password_hash: passwordHash,
        profile_pic_key: pool[n % AVATAR_POOL]!,
      };
    });
    await deps.db.insertInto('users').values(rows).onConflict((oc) => oc.doNothing()).execute();
    offset += rows.length;
    progress?.(done + rows.length, count, 'accounts');
  }
  return count;
}
