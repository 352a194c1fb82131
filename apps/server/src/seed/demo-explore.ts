import { createHash } from 'node:crypto';
import { extractHashtags } from '../features/posts/caption.js';
import { createPostsRepository } from '../features/posts/repository.js';
import { createIdGenerator } from '../platform/ids.js';
import { hashPassword } from '../platform/passwords.js';
import { randomToken } from '../platform/tokens.js';
import { storePhoto, type DemoPostsDeps } from './demo-posts.js';
import { storeGeneratedAvatar } from './avatars.js';
import { DEMO_PASSWORD } from './personas.js';

/**
 * Explore's side of the demo world: public creators no persona follows, each posting on a theme
 * with hashtags that go together (so explore has strangers' posts and topical clusters for every
 * persona at once), liked here and there by the personas (engagement, and a taste of their own).
 */
const CREATORS = [
  { username: 'noodle.studio', fullName: 'Noodle Studio', bio: 'Bowls, broths and night markets.', captions: ['Late night bowl #ramen #foodie #noodles', 'Broth simmered for twelve hours #ramen #noodles', 'Market stall heroes #streetfood #foodie', 'Dumplings, folded by hand #dumplings #foodie #streetfood'] },
  { username: 'concrete.lines', fullName: 'Concrete Lines', bio: 'Brutalism, stairs and long shadows.', captions: ['Stairs to nowhere #architecture #brutalism', 'Noon shadows #architecture #shadows #minimal', 'Concrete poetry #brutalism #concrete', 'One window, one line #minimal #architecture'] },
  { username: 'leafy.corner', fullName: 'Leafy Corner', bio: 'A small flat with a lot of plants.', captions: ['Monstera Monday #houseplants #plants #green', 'New leaf unfurling #plants #urbanjungle', 'Repotting day #houseplants #urbanjungle', 'Morning watering #plants #green #houseplants'] },
  { username: 'wave.rider', fullName: 'Wave Rider', bio: 'Cold water, warm coffee.', captions: ['Dawn patrol #surf #ocean #waves', 'Glassy sets all morning #surf #waves', 'Salt and sand #ocean #beach', 'Paddling out #surf #ocean #beach'] },
  { username: 'night.sky.log', fullName: 'Night Sky Log', bio: 'Long exposures from dark places.', captions: ['Milky way over the ridge #astrophotography #stars #nightsky', 'Star trails, two hours #stars #longexposure', 'Aurora at last #aurora #nightsky', 'Moonrise #nightsky #longexposure #stars'] },
  { username: 'clay.kiln', fullName: 'Clay & Kiln', bio: 'Wheel-thrown, wood-fired.', captions: ['Fresh off the wheel #ceramics #pottery', 'Glaze tests #ceramics #glaze #handmade', 'Kiln opening day #pottery #handmade', 'Cups for the café #ceramics #pottery #handmade'] },
];
const SHAPES = [[1080, 1080], [1080, 1350], [1080, 720]] as const;
const byte = (seed: string, i = 0) => createHash('sha256').update(seed).digest()[i % 32]!;

export async function seedExploreCreators(deps: DemoPostsDeps & { nextId: () => string }): Promise<{ users: number; posts: number }> {
  const { db, storage } = deps;
  const personas = await db.selectFrom('users').select(['id', 'username']).where('is_private', '=', false).orderBy('id').execute();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const creators = [];
  for (const c of CREATORS) {
    const id = deps.nextId();
    creators.push({ ...c, id });
    await db.insertInto('users').values({
      id, username: c.username, username_lower: c.username, email: `${c.username}@example.com`, email_lower: `${c.username}@example.com`,
      full_name: c.fullName, biography: c.bio, password_hash: passwordHash, profile_pic_key: await storeGeneratedAvatar(storage, c.username),
    }).execute();
  }

  const now = Date.now();
  const plan = creators.flatMap((c) => c.captions.map((caption, p) => ({ c, caption, p })))
    .sort((a, b) => byte(`${a.c.username}${a.p}`) - byte(`${b.c.username}${b.p}`));
  // Over the last three days, the newest ten minutes ago, in the order of their ids.
  const start = now - 3 * 24 * 3_600_000;
  const step = (now - 10 * 60_000 - start) / plan.length;
  let clock = start;
  const nextId = createIdGenerator(deps.shardId ?? 0, () => clock);
  const repo = createPostsRepository(db);
  for (const [index, { c, caption, p }] of plan.entries()) {
    clock = Math.floor(start + step * (index + 1));
    const seed = `explore-${c.username}-${p}`;
    const [w, h] = SHAPES[byte(seed, 1) % SHAPES.length]!;
    const item = await storePhoto(storage, c.id, seed, w, h);
    const uploadId = randomToken(8);
    await repo.insertUpload({ upload_id: uploadId, owner_id: c.id, kind: item.kind, status: 'ready', width: item.width, height: item.height, thumbhash: item.thumbhash, variants: item.variants, source_key: null });
    const mediaId = nextId();
    await repo.insertMedia({
      id: mediaId, owner_id: c.id, media_type: 'image', status: 'ready', caption, accessibility_caption: null, location_id: null,
      items: [{ ...item, accessibility_caption: null, usertags: [] }], hashtags: extractHashtags(caption), mention_ids: [], upload_ids: [uploadId], created_at: new Date(clock),
    });
    // Each persona likes about one post in four: engagement varies, and every persona has a taste.
    const fans = personas.filter((u) => byte(`${seed}${u.username}`) % 4 === 0);
    if (fans.length) {
      await db.insertInto('likes').values(fans.map((u) => ({ media_id: mediaId, user_id: u.id, id: nextId() }))).execute();
      await db.updateTable('media').set({ like_count: fans.length }).where('id', '=', mediaId).execute();
    }
    deps.progress?.(index + 1, plan.length, 'explore posts');
  }
  return { users: creators.length, posts: plan.length };
}
