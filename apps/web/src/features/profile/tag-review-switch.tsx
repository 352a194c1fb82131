import { useId } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { useTagReviewSetting } from '../../state/queries/tag-review';
import { Switch } from '../../ui/switch';
import styles from './tagged.module.css';

/**
 * On the viewer's own Tagged tab: whether new tags wait for their approval (on by default). Off, a
 * tag shows here as soon as it is made; either way the tagged person is told.
 */
export function TagReviewSwitch({ userId, reviews }: { userId: string; reviews: boolean }) {
  const t = useT();
  const id = useId();
  const mutation = useTagReviewSetting(userId);
  // While the call runs the switch shows where it is going; a failure shows the old value again.
  const checked = mutation.isPending ? mutation.variables : reviews;
  return (
    <div className={styles.setting}>
      <div className={styles.settingText}>
        <span id={`${id}-label`} className={styles.label}>
          {t('post.tags.reviewSwitch')}
        </span>
        <p id={`${id}-help`} className={styles.help}>
          {t(checked ? 'post.tags.reviewHelp' : 'post.tags.reviewHelpOff')}
        </p>
      </div>
      <Switch checked={checked} labelledBy={`${id}-label`} describedBy={`${id}-help`} busy={mutation.isPending} onToggle={(next) => mutation.mutate(next)} />
    </div>
  );
}
