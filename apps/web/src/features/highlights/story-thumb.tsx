import type { ArchivedStoryResult } from '@shutter/contract';

/** A story's smallest picture: a thumbnail, a cover or a circle needs no more. */
export function smallestSrc(story: Pick<ArchivedStoryResult, 'display_resources' | 'display_url'>): string {
  return story.display_resources[0]?.src ?? story.display_url;
}

/** A 9:16 thumbnail; decorative, the control around it names it. */
export function StoryThumb({ story, className }: { story: ArchivedStoryResult; className?: string }) {
  return <img className={className} src={smallestSrc(story)} alt="" loading="lazy" decoding="async" />;
}
