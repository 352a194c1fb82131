import { describe, expect, it } from 'vitest';
import { afterFollow, relationshipOf } from './relationship';

describe('friendship state', () => {
  it('a block wins over a follow and a request', () => {
    expect(relationshipOf({ blocked_by_viewer: true, followed_by_viewer: true, requested_by_viewer: true })).toBe('blocked');
  });

  it('a follow wins over a stale request; nothing means none', () => {
    expect(relationshipOf({ followed_by_viewer: true, requested_by_viewer: true })).toBe('following');
    expect(relationshipOf({ requested_by_viewer: true })).toBe('requested');
    expect(relationshipOf({})).toBe('none');
  });

  it("a follow's answer decides between following and requested (private account)", () => {
    expect(afterFollow('requested', false)).toBe('requested');
    expect(afterFollow('following', true)).toBe('following');
    expect(afterFollow(undefined, true)).toBe('requested');
    expect(afterFollow(undefined, false)).toBe('following');
  });
});
