import type { Db } from '../db/database.js';
import type { IdGenerator } from '../platform/ids.js';
import type { Progress } from '../platform/log-steps.js';
import { hashPassword } from '../platform/passwords.js';
import type { Storage } from '../platform/storage.js';
import { storeGeneratedAvatar } from './avatars.js';
import { seedDemoPlaces } from './demo-places.js';
import { seedDemoHashtags } from './demo-hashtags.js';
import { seedDemoPosts } from './demo-posts.js';
import { seedExploreCreators } from './demo-explore.js';
import { seedDemoDirect } from './demo-direct.js';
import { seedDemoStories } from './demo-stories.js';
import { seedDemoHighlights } from './demo-highlights.js';
import { DEMO_PASSWORD, PERSONAS, type Persona } from './personas.js';

export interface SeedDeps {
  db: Db;
  nextId: IdGenerator;
  storage: Storage;
  /** Told how far each long part is (people, posts, stories), for the start's progress lines. */
  progress?: Progress;
}

async function insertPersonas(deps: SeedDeps, personas: Persona[], passwordHash: string): Promise<number> {
  const rows = [];
  for (const [i, p] of personas.entries()) {
    rows.push({
      id: deps.nextId(),
      username: p.username,
      username_lower: p.username.toLowerCase(),
      email: `${p.username}@example.com`,
      email_lower: `${p.username}@example.com`,
      full_name: p.fullName,
      biography: p.bio,
      is_private: p.isPrivate ?? false,
      password_hash: passwordHash,
      profile_pic_key: await storeGeneratedAvatar(deps.storage, p.username),
    });
    deps.progress?.(i + 1, personas.length, 'people');
  }
  await deps.db.insertInto('users').values(rows).execute();
  return rows.length;
}

/** No account yet: a first start, which the demo world is seeded into. */
export async function hasNoAccounts(db: Db): Promise<boolean> {
  return !(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());
}

/** On first start (no accounts yet), the demo world: the personas with their pictures, follows, posts, likes, comments, conversations, stories and highlights. */
export async function seedDemoWorldIfEmpty(deps: SeedDeps): Promise<{ users: number; posts: number } | null> {
  if (!(await hasNoAccounts(deps.db))) return null;
  const users = await insertPersonas(deps, PERSONAS, await hashPassword(DEMO_PASSWORD));
  const { posts } = await seedDemoPosts(deps);
  await seedDemoPlaces(deps.db, deps.nextId);
  await seedDemoHashtags(deps.db);
  const explore = await seedExploreCreators(deps);
  await seedDemoDirect(deps.db);
  await seedDemoStories(deps);
  await seedDemoHighlights(deps.db, deps.nextId);
  return { users: users + explore.users, posts: posts + explore.posts };
}
