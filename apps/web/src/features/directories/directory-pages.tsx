import { Link, useLocation, useParams } from 'react-router';
import type { DirectoryKind, DirectoryPageData, UserSummaryResult } from '@shutter/contract';
import { ApiError } from '../../lib/api';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { SubPageHeader } from '../../ui/sub-page-header';
import { NotFoundPage } from '../placeholders/placeholder-pages';
import { directoryPath, useDirectoryPage, useSuggestedDirectory } from '../../state/queries/directories';
import { breadcrumbOf, directoryBody, directoryKindOf, parentPath } from './directory-view';
import styles from './directory-pages.module.css';

const KIND_TITLE = { profiles: 'directory.profiles', hashtags: 'directory.hashtags' } as const;

function Loading() {
  const t = useT();
  return <div className={styles.state}><Spinner label={t('app.loading')} /></div>;
}

function LoadError({ retry }: { retry: () => void }) {
  const t = useT();
  return (
    <EmptyState icon="alert" title={t('directory.error')}>
      <Button onClick={retry}>{t('directory.retry')}</Button>
    </EmptyState>
  );
}

function ProfileList({ profiles, label }: { profiles: UserSummaryResult[]; label: string }) {
  return (
    <ul className={`${styles.columns} ${styles.profiles}`} aria-label={label}>
      {profiles.map((u) => (
        <li key={u.id}>
          <Link to={`/${u.username}/`} className={styles.profile}>
            <Avatar src={u.profile_pic_url} alt="" size={32} />
            <span className={styles.names}>
              <span className={styles.username}>{u.username}</span>
              {u.full_name ? <span className={styles.fullName}>{u.full_name}</span> : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Breadcrumb({ kind, keyName }: { kind: DirectoryKind; keyName: string | null }) {
  const t = useT();
  const crumbs = breadcrumbOf(kind, keyName);
  // At the directory's top the trail would only repeat the page's title.
  if (crumbs.length < 2) return null;
  return (
    <nav aria-label={t('directory.breadcrumb')} className={styles.breadcrumb}>
      <ol>
        {crumbs.map((crumb) => (
          <li key={crumb.path}>
            {crumb.current
              ? <span aria-current="page">{crumb.key ?? t(KIND_TITLE[kind])}</span>
              : <Link to={crumb.path}>{crumb.key ?? t(KIND_TITLE[kind])}</Link>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function DirectoryContent({ data }: { data: DirectoryPageData }) {
  const t = useT();
  const { kind } = data.level_info;
  const body = directoryBody(data);
  switch (body.kind) {
    case 'keys':
      return (
        <ul className={styles.columns} aria-label={t('directory.keysLabel')}>
          {body.keys.map((k) => (
            <li key={k.key}>
              <Link to={directoryPath(kind, k.key)} className={styles.key}>{t('directory.range', { first: k.first, last: k.last })}</Link>
            </li>
          ))}
        </ul>
      );
    case 'profiles':
      return <ProfileList profiles={body.profiles} label={t('directory.entriesProfiles')} />;
    case 'hashtags':
      return (
        <ul className={styles.columns} aria-label={t('directory.entriesHashtags')}>
          {body.hashtags.map((h) => (
            <li key={h.name}><Link to={`/explore/tags/${encodeURIComponent(h.name)}/`} className={styles.key}>#{h.name}</Link></li>
          ))}
        </ul>
      );
    case 'empty':
      return <EmptyState icon={kind === 'hashtags' ? 'tag' : 'users'} title={t('directory.empty')} body={t('directory.emptyBody')} />;
  }
}

/** `/directory/{profiles,hashtags}/[{key}/]`: a level of the directory, its keys or its entries, as plain links. */
export function DirectoryPage() {
  const t = useT();
  const kind = directoryKindOf(useLocation().pathname);
  const key = useParams().key ?? null;
  const query = useDirectoryPage(kind, key);
  const data = query.data;
  const range = data?.level_info.first && key ? t('directory.range', { first: data.level_info.first, last: data.level_info.last ?? '' }) : null;
  const title = range ? `${t(KIND_TITLE[kind])} (${range})` : t(KIND_TITLE[kind]);
  useDocumentTitle(title);
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  return (
    <>
      <SubPageHeader title={t(KIND_TITLE[kind])} fallback={parentPath(kind, key)} wide="none" heading={false} />
      <div className={styles.page}>
        <Breadcrumb kind={kind} keyName={key} />
        <h1 className={`${styles.title} visually-hidden-phone`}>{t(KIND_TITLE[kind])}{range ? <span className={styles.range}> {range}</span> : null}</h1>
        {data ? <DirectoryContent data={data} /> : query.isError ? <LoadError retry={() => void query.refetch()} /> : <Loading />}
      </div>
    </>
  );
}

/** `/directory/suggested/{username}/`: public profiles around one person. */
export function SuggestedDirectoryPage() {
  const t = useT();
  const username = useParams().username ?? '';
  const query = useSuggestedDirectory(username);
  const title = t('directory.suggestedTitle', { username });
  useDocumentTitle(title);
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  const data = query.data;
  return (
    <>
      <SubPageHeader title={title} fallback={`/${username}/`} wide="none" heading={false} />
      <div className={styles.page}>
        <nav aria-label={t('directory.breadcrumb')} className={styles.breadcrumb}>
          <ol>
            <li><Link to="/directory/profiles/">{t('directory.profiles')}</Link></li>
            <li><Link to={`/${username}/`}>@{username}</Link></li>
          </ol>
        </nav>
        <h1 className={`${styles.title} visually-hidden-phone`}>{title}</h1>
        {!data
          ? query.isError ? <LoadError retry={() => void query.refetch()} /> : <Loading />
          : data.profile_list.length
            ? <ProfileList profiles={data.profile_list} label={t('directory.entriesProfiles')} />
            : <EmptyState icon="users" title={t('directory.suggestedEmpty')} body={t('directory.suggestedEmptyBody')} />}
      </div>
    </>
  );
}
