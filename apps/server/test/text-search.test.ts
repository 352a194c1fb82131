import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('text search on the database', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('folds case and accents the same way for every name', async () => {
    const { rows } = await sql<{ a: string; b: string }>`select fold_text('Ébène Zoë MÜLLER') as a, fold_text('São Paulo') as b`.execute(t.db);
    expect(rows[0]).toEqual({ a: 'ebene zoe muller', b: 'sao paulo' });
  });

  it('scores a misspelt name close to the right one with trigrams', async () => {
    const { rows } = await sql<{ near: number; far: number }>`select similarity('jonathan', 'jonahtan') as near, similarity('jonathan', 'margaret') as far`.execute(t.db);
    expect(rows[0]!.near).toBeGreaterThan(0.3);
    expect(rows[0]!.far).toBeLessThan(0.1);
  });
});
