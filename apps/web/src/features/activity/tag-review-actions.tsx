import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { useActivityTagReview } from '../../state/queries/tag-review';
import type { ActivityStory } from '../../state/queries/activity';
import styles from './activity.module.css';

/**
 * Under "tagged you in a post" while the tag waits for the viewer's review: Approve (the post joins
 * their Tagged tab, in front) or Remove (they leave the post's tags); then what they chose.
 */
export function TagReviewActions({ story }: { story: ActivityStory & { media: NonNullable<ActivityStory['media']> } }) {
  const t = useT();
  const tags = useActivityTagReview();
  const owner = story.user.username;
  const done = tags.done(story.media.id);
  if (done)
    return (
      <span className={styles.tagReviewed} role="status">
        {t(done === 'approve' ? 'post.tags.approved' : 'post.tags.removed')}
      </span>
    );
  if (story.tag_status !== 'pending') return null;
  const sending = tags.sending(story.media.id);
  return (
    <span className={styles.tagActions} role="group" aria-label={t('graph.pendingTag', { username: owner })}>
      <Button busy={sending === 'approve'} disabled={!!sending} aria-label={t('graph.approveTagOn', { username: owner })} onClick={() => tags.review(story.media.id, 'approve', owner)}>
        {t('post.tags.approve')}
      </Button>
      <Button variant="secondary" busy={sending === 'remove'} disabled={!!sending} aria-label={t('graph.removeTagOn', { username: owner })} onClick={() => tags.review(story.media.id, 'remove', owner)}>
        {t('post.tags.remove')}
      </Button>
    </span>
  );
}
