import type { UserSummary } from '@shutter/contract';
import type { ActivityStory } from '../../state/queries/activity';

export type SectionKey = 'today' | 'week' | 'month' | 'earlier';

/** One line of the feed: a story, and for likes of one post the other people who liked it too. */
export interface ActivityLine {
  story: ActivityStory;
  /** Everyone behind the line, newest first (the story's own user first). */
  users: UserSummary[];
}

export interface ActivitySection {
  key: SectionKey;
  lines: ActivityLine[];
}

const DAY = 86_400;

/** Today (since local midnight), this week (7 days), this month (30 days), earlier. */
export function sectionOf(timestamp: number, now: Date): SectionKey {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime() / 1000;
  if (timestamp >= midnight) return 'today';
  const age = now.getTime() / 1000 - timestamp;
  if (age < 7 * DAY) return 'week';
  if (age < 30 * DAY) return 'month';
  return 'earlier';
}

/**
 * The feed in sections, with the likes of one post in each section told once ("hana, finn and 18
 * others liked your photo"), at the place of its newest like.
 */
export function groupActivity(stories: ActivityStory[], now: Date): ActivitySection[] {
  const sections: ActivitySection[] = [];
  const likeLines = new Map<string, ActivityLine>();
  for (const story of stories) {
    const key = sectionOf(story.timestamp, now);
    let section = sections[sections.length - 1];
    if (!section || section.key !== key) {
      section = { key, lines: [] };
      sections.push(section);
    }
    if (story.type === 'like' && story.media) {
      const groupKey = `${key}:${story.media.id}`;
      const line = likeLines.get(groupKey);
      if (line) {
        if (!line.users.some((u) => u.id === story.user.id)) line.users.push(story.user);
        continue;
      }
      const fresh = { story, users: [story.user] };
      likeLines.set(groupKey, fresh);
      section.lines.push(fresh);
      continue;
    }
    section.lines.push({ story, users: [story.user] });
  }
  return sections;
}
