import { useI18n } from '../../lib/i18n/i18n';
import { translateServerMessage } from '../../lib/i18n/translate';
import type { Suggestion } from '../../state/queries/suggested-users';

/** Why an account is suggested: the social context ("Followed by …"), else the server's description. */
export function SuggestionContext({ suggestion, className }: { suggestion: Suggestion; className?: string }) {
  const { t, locale } = useI18n();
  const reason = translateServerMessage(suggestion.description_message, locale) ?? suggestion.description;
  return <span className={className}>{suggestion.social_context || reason || t('account.suggestions.suggested')}</span>;
}
