import { afterEach, describe, expect, it, vi } from 'vitest';
import { elapsed, startStep } from './log-steps.js';

afterEach(() => { vi.useRealTimers(); });

function recorded() {
  const records: { fields: Record<string, unknown>; message: string }[] = [];
  return { records, info: (fields: object, message: string) => { records.push({ fields: fields as Record<string, unknown>, message }); } };
}

describe('a startup step', () => {
  it('opens with a line, says its progress every few seconds (not per item) and ends with its time', () => {
    const log = recorded();
    let now = 0;
    const step = startStep(log, 'Seeding the demo world', { opening: 'Seeding the demo world (first start only)…', everyMs: 5000, now: () => now });
    for (let i = 1; i <= 120; i++) {
      now += 250; // 30 s in all
      step.progress(i, 120, 'people');
    }
    const ms = step.end('Demo world seeded: 120 people', { users: 120 });
    expect(ms).toBe(30_000);
    expect(log.records.map((r) => r.message)).toEqual([
      'Seeding the demo world (first start only)…',
      'Seeding the demo world: 20/120 people…',
      'Seeding the demo world: 40/120 people…',
      'Seeding the demo world: 60/120 people…',
      'Seeding the demo world: 80/120 people…',
      'Seeding the demo world: 100/120 people…',
      'Seeding the demo world: 120/120 people…',
      'Demo world seeded: 120 people (30.0 s)',
    ]);
    expect(log.records[1]!.fields).toEqual({ step: 'Seeding the demo world', done: 20, total: 120, unit: 'people', ms: 5000 });
    expect(log.records.at(-1)!.fields).toEqual({ step: 'Seeding the demo world', users: 120, ms: 30_000 });
  });

  it('a quick step says nothing but its end; big numbers are grouped', () => {
    const log = recorded();
    let now = 0;
    const step = startStep(log, 'Place search is still loading', { now: () => now });
    now = 4000;
    step.progress(500, 135_479, 'places');
    expect(log.records).toEqual([]);
    now = 6000;
    step.progress(40_000, 135_479, 'places');
    expect(log.records.at(-1)!.message).toBe('Place search is still loading: 40,000/135,479 places…');
    now = 15_800;
    step.end('Place search ready: 135,479 places');
    expect(log.records.at(-1)!.message).toBe('Place search ready: 135,479 places (15.8 s)');
  });

  it('one that cannot count its work says how long it has run, until it ends', () => {
    vi.useFakeTimers();
    const log = recorded();
    const step = startStep(log, 'Starting Shutter', { opening: 'Starting Shutter (database: PGlite in ./data/db)', heartbeat: true });
    vi.advanceTimersByTime(4_000);
    expect(log.records).toHaveLength(1);
    vi.advanceTimersByTime(12_000);
    step.end('Database ready: 25 migrations applied');
    vi.advanceTimersByTime(30_000);
    expect(log.records.map((r) => r.message)).toEqual([
      'Starting Shutter (database: PGlite in ./data/db)',
      'Starting Shutter: 5.0 s so far…',
      'Starting Shutter: 10.0 s so far…',
      'Starting Shutter: 15.0 s so far…',
      'Database ready: 25 migrations applied (16.0 s)',
    ]);
  });

  it('with a heartbeat, says the progress when there is some, and the time when one item takes long', () => {
    vi.useFakeTimers();
    const log = recorded();
    const step = startStep(log, 'Seeding the demo world', { heartbeat: true });
    vi.advanceTimersByTime(5_000);
    step.progress(3, 80, 'posts'); // the heartbeat had its turn first
    vi.advanceTimersByTime(1_000);
    step.progress(4, 80, 'posts');
    vi.advanceTimersByTime(4_000); // 10 s: the heartbeat says the progress not yet said
    for (let i = 5; i <= 9; i++) {
      vi.advanceTimersByTime(900); // quicker than the heartbeat's checks
      step.progress(i, 80, 'posts');
    }
    vi.advanceTimersByTime(12_000); // a video, longer than the interval
    step.end('Demo world seeded');
    expect(log.records.map((r) => r.message)).toEqual([
      'Seeding the demo world: 5.0 s so far…',
      'Seeding the demo world: 4/80 posts…',
      'Seeding the demo world: 9/80 posts…',
      'Seeding the demo world: 9/80 posts, 20.0 s so far…',
      'Seeding the demo world: 9/80 posts, 25.0 s so far…',
      'Demo world seeded (26.5 s)',
    ]);
  });

  it('times read as a person says them', () => {
    expect(elapsed(840)).toBe('840 ms');
    expect(elapsed(12_345)).toBe('12.3 s');
    expect(elapsed(125_000)).toBe('2 min 5 s');
  });
});
