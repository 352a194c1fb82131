import { useT } from '../../lib/i18n/i18n';
import { Spinner } from '../../ui/spinner';
import { useSimilarAccounts, useDismissSuggestion } from '../../state/queries/suggestions';
import { SuggestionCards } from './suggestion-cards';
import { SuggestionSection } from './suggestion-section';
import styles from './suggestions.module.css';

/** Chaining: similar accounts under a profile's header, opened by its toggle or by following. */
export function SimilarAccountsPanel({ user, id }: { user: { id: string; username: string }; id?: string }) {
  const t = useT();
  const { dismiss, visible } = useDismissSuggestion('chaining');
  const state = visible(useSimilarAccounts(user.id).state);
  return (
    <div id={id}>
      <SuggestionSection title={t('graph.similar.title')} seeAll={`/${user.username}/similar_accounts/`} className={`${styles.unit} ${styles.panel}`}>
        {state.status === 'loading' ? (
          <div className={styles.panelState}>
            <Spinner size={24} label={t('app.loading')} />
          </div>
        ) : state.status === 'failed' ? (
          <p className={styles.panelState}>{t('graph.similar.none')}</p>
        ) : (
          <SuggestionCards items={state.items} onDismiss={(suggestion) => void dismiss(suggestion)} />
        )}
      </SuggestionSection>
    </div>
  );
}
