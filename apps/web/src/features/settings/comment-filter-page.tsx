import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { COMMENT_FILTER_ON, COMMENT_FILTER_OFF, type CommentFilterSettings } from '@shutter/contract';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { saveCommentFilter, useCommentFilter } from '../../state/queries/privacy-settings';
import { useToast } from '../../state/toast/toast-context';
import { Button } from '../../ui/button';
import { SettingsLayout } from '../accounts/settings-layout';
import { PageState } from './page-state';
import { keywordFailureText } from './setting-change';
import { SwitchRow } from './setting-controls';
import { useSetting } from './use-setting';
import styles from './settings-pages.module.css';

/** The keyword list: saved on its own; a failure toasts the server's first error, else the keyword fallback, with Retry. */
function KeywordForm({ keywords }: { keywords: string[] }) {
  const t = useT();
  const client = useQueryClient();
  const { showToast } = useToast();
  const [text, setText] = useState(keywords.join(', '));
  const [saving, setSaving] = useState(false);
  const save = async (value: string) => {
    setSaving(true);
    try {
      const saved = await saveCommentFilter(client, { keywords: value });
      setText(saved.keywords.join(', '));
      showToast({ text: t('prefs.saved') });
    } catch (error) {
      showToast({ text: keywordFailureText(error, t('prefs.keywordError')), actionText: t('prefs.retry'), onAction: () => void save(value) });
    } finally {
      setSaving(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(text);
  };
  return (
    <form className={styles.keywordForm} onSubmit={submit}>
      <label htmlFor="comment-keywords" className={styles.label}>
        {t('prefs.keywords')}
      </label>
      <p id="comment-keywords-help" className={styles.help}>
        {t('prefs.keywordsHelp')}
      </p>
      <textarea id="comment-keywords" className={styles.textarea} aria-describedby="comment-keywords-help" value={text} onChange={(e) => setText(e.target.value)} />
      <Button type="submit" busy={saving}>
        {t('prefs.keywordsSave')}
      </Button>
    </form>
  );
}

function FilterSwitch({ settings }: { settings: CommentFilterSettings }) {
  const t = useT();
  const client = useQueryClient();
  const filter = useSetting<number>('comments:config_value', settings.config_value, async (v) => (await saveCommentFilter(client, { config_value: v === COMMENT_FILTER_ON ? 1 : 0 })).config_value, 'prefs.toggleFailed');
  return (
    <SwitchRow
      label={t('prefs.hideOffensive')}
      help={t('prefs.hideOffensiveHelp')}
      view={{ ...filter.view, value: filter.view.value === COMMENT_FILTER_ON }}
      onToggle={(on) => filter.change(on ? COMMENT_FILTER_ON : COMMENT_FILTER_OFF)}
    />
  );
}

/** `/accounts/comment_filter/`: hide offensive comments, and the person's own keywords. */
export function CommentFilterPage() {
  const t = useT();
  useDocumentTitle(t('prefs.commentsTitle'));
  const query = useCommentFilter();
  return (
    <SettingsLayout title={t('prefs.commentsTitle')}>
      {query.data ? (
        <>
          <FilterSwitch settings={query.data} />
          <KeywordForm keywords={query.data.keywords} />
        </>
      ) : (
        <PageState failed={query.isError} onRetry={() => void query.refetch()} />
      )}
    </SettingsLayout>
  );
}
