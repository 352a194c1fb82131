import { useT } from '../../lib/i18n/i18n';
import type { Suggestion } from './suggested-users';

/** Why an account is suggested: the social context ("Followed by …"), else the server's description. */
export function SuggestionContext({ suggestion, className }: { suggestion: Suggestion; className?: string }) {
  const t = useT();
  return <span className={className}>{suggestion.social_context || suggestion.description || t('account.suggestions.suggested')}</span>;
}
