import { useT } from '../../lib/i18n/i18n';
import { COLUMN_LIMIT } from '../../state/queries/suggested-users';
import { SuggestionRows } from './suggestion-rows';
import { SuggestionSection } from './suggestion-section';
import { useDismissSuggestion, useSuggestedUsers } from '../../state/queries/suggestions';
import styles from './suggestions.module.css';

/** The desktop home's side list: the first few suggestions and "See all" (desktop feed fallback count). */
export function SuggestionsColumn() {
  const t = useT();
  const { dismiss, visible } = useDismissSuggestion('feed');
  const state = visible(useSuggestedUsers('desktopFeed'));
  if (state.status !== 'loaded') return null;
  return (
    <SuggestionSection title={t('account.suggestions.title')} seeAll="/explore/people/" className={styles.column}>
      <SuggestionRows items={state.items.slice(0, COLUMN_LIMIT)} onDismiss={(suggestion) => void dismiss(suggestion)} />
    </SuggestionSection>
  );
}
