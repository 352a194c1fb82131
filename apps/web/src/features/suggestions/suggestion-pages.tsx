import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { SubPageHeader } from '../../ui/sub-page-header';
import { useProfileData } from '../../state/queries/profile';
import { useSimilarAccounts, useDismissSuggestion, useSuggestedUsers } from '../../state/queries/suggestions';
import type { Suggestion, SuggestionsState } from '../../state/queries/suggested-users';
import { SuggestionRows } from './suggestion-rows';
import styles from './suggestion-pages.module.css';

interface ListPageProps {
  title: string;
  subtitle?: ReactNode;
  state: SuggestionsState;
  emptyTitle: string;
  emptyBody: string;
  onDismiss: (suggestion: Suggestion) => void;
  /** A sub-page: on phones a header with Back (to this path when opened directly) and the title. */
  backTo?: string;
}

/** A whole page of suggestions: heading, rows with Follow and dismiss, designed loading and empty states. */
function SuggestionListPage({ title, subtitle, state, emptyTitle, emptyBody, onDismiss, backTo }: ListPageProps) {
  const t = useT();
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      {backTo ? <SubPageHeader title={title} fallback={backTo} wide="none" heading={false} /> : null}
      <h1 className={`${styles.title} ${backTo ? styles.wideOnly : ''}`}>{title}</h1>
      {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      {state.status === 'loading' ? (
        <div className={styles.state}>
          <Spinner size={28} label={t('app.loading')} />
        </div>
      ) : state.status === 'failed' ? (
        <EmptyState icon="users" title={emptyTitle} body={emptyBody}>
          <Link to="/" className={styles.homeLink}>
            {t('graph.similar.backHome')}
          </Link>
        </EmptyState>
      ) : (
        <div className={styles.list}>
          <SuggestionRows items={state.items} onDismiss={onDismiss} avatarSize={44} />
        </div>
      )}
    </div>
  );
}

/** /explore/people/: the suggested accounts in full (30, the mobile count of spec 000 §9). */
export function DiscoverPeoplePage() {
  const t = useT();
  const { dismiss, visible } = useDismissSuggestion('feed');
  const state = visible(useSuggestedUsers('mobile'));
  return (
    <SuggestionListPage
      title={t('account.suggestions.title')}
      state={state}
      emptyTitle={t('graph.similar.noneTitle')}
      emptyBody={t('graph.similar.noneBody')}
      onDismiss={(suggestion) => void dismiss(suggestion)}
    />
  );
}

/** /{username}/similar_accounts/ (and /related_profiles/): the profile's chaining list in full. */
export function SimilarAccountsPage() {
  const t = useT();
  const { username = '' } = useParams();
  const profile = useProfileData(username);
  const { dismiss, visible } = useDismissSuggestion('chaining');
  const similar = useSimilarAccounts(profile.data?.graphql.user.id);
  if (profile.isError)
    return (
      <div className={styles.page}>
        <SubPageHeader title={t('graph.similar.pageTitle')} fallback="/" wide="none" heading={false} />
        <EmptyState icon="user" title={t('graph.similar.unknownTitle')} body={t('graph.similar.unknownBody')} level={1}>
          <Button variant="secondary" onClick={() => void profile.refetch()}>
            {t('post.retry')}
          </Button>
        </EmptyState>
      </div>
    );
  return (
    <SuggestionListPage
      title={t('graph.similar.pageTitle')}
      subtitle={
        <>
          {t('graph.similar.pageSubtitle')} <Link to={`/${username}/`}>@{username}</Link>
        </>
      }
      state={profile.data ? visible(similar.state) : { status: 'loading' }}
      emptyTitle={t('graph.similar.noneTitle')}
      emptyBody={t('graph.similar.noneBody')}
      onDismiss={(suggestion) => void dismiss(suggestion)}
      backTo={`/${username}/`}
    />
  );
}
