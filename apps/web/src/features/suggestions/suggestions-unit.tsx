import { useT } from '../../lib/i18n/i18n';
import type { SuggestionSurface } from '../../state/queries/suggested-users';
import { SuggestionCards } from './suggestion-cards';
import { SuggestionSection } from './suggestion-section';
import { useDismissSuggestion, useSuggestedUsers } from '../../state/queries/suggestions';
import styles from './suggestions.module.css';

/** A horizontal row of suggestion cards (mobile, and the empty feed); hidden once the list failed. */
export function SuggestionsUnit({ surface }: { surface: SuggestionSurface }) {
  const t = useT();
  const { dismiss, visible } = useDismissSuggestion('feed');
  const state = visible(useSuggestedUsers(surface));
  if (state.status !== 'loaded') return null;
  return (
    <SuggestionSection title={t('account.suggestions.title')} seeAll="/explore/people/" className={styles.unit}>
      <SuggestionCards items={state.items} onDismiss={(suggestion) => void dismiss(suggestion)} />
    </SuggestionSection>
  );
}
