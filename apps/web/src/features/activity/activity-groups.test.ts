import { describe, expect, it } from 'vitest';
import type { ActivityStory } from '../../state/queries/activity';
import { groupActivity, sectionOf } from './activity-groups';

const now = new Date(2026, 10, 23, 15, 0, 0);
const at = (hoursAgo: number) => Math.floor(now.getTime() / 1000) - hoursAgo * 3600;
let n = 0;
function story(type: ActivityStory['type'], user: string, hoursAgo: number, media: string | null = 'm1'): ActivityStory {
  n += 1;
  return {
    id: String(n), type, timestamp: at(hoursAgo), text: null,
    user: { id: user, username: user, full_name: '', profile_pic_url: '', is_private: false, is_verified: false },
    media: media ? { id: media, shortcode: media, thumbnail_src: '' } : null,
  };
}

describe('activity sections and grouped likes', () => {
  it('puts each story in Today, This week, This month or Earlier', () => {
    expect(sectionOf(at(1), now)).toBe('today');
    expect(sectionOf(at(16), now)).toBe('week'); // yesterday evening
    expect(sectionOf(at(24 * 8), now)).toBe('month');
    expect(sectionOf(at(24 * 40), now)).toBe('earlier');
  });

  it('tells the likes of one post once per section, newest liker first, other stories as they are', () => {
    const sections = groupActivity([
      story('like', 'hana', 1), story('comment', 'zoe', 2), story('like', 'finn', 3), story('like', 'gwen', 4, 'm2'), story('like', 'hana', 5),
      story('like', 'bob', 24 * 3), story('follow', 'eli', 24 * 3, null),
    ], now);
    expect(sections.map((s) => s.key)).toEqual(['today', 'week']);
    const today = sections[0]!.lines;
    expect(today.map((l) => [l.story.type, l.users.map((u) => u.username)])).toEqual([
      ['like', ['hana', 'finn']], ['comment', ['zoe']], ['like', ['gwen']],
    ]);
    expect(sections[1]!.lines.map((l) => l.users.map((u) => u.username))).toEqual([['bob'], ['eli']]);
  });
});
