import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { CityPageData, CountryPageData, DirectoryLandingData } from '@shutter/contract';
import { ApiError } from '../../lib/api';
import { numberFormat } from '../../lib/formatters';
import { useDocumentTitle, useI18n } from '../../lib/i18n/i18n';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { SubPageHeader } from '../../ui/sub-page-header';
import { NotFoundPage } from '../placeholders/placeholder-pages';
import { directoryPath, DIRECTORY_ROOT, nextPagePath, useDirectory } from '../../state/queries/places';
import styles from './places.module.css';

type DirectoryQuery = UseInfiniteQueryResult<InfiniteData<{ next_page: string | null }>>;

interface Crumb {
  id: string;
  name: string;
  slug?: string;
}

/** Where a directory page sits: Locations › country. */
function Crumbs({ trail }: { trail: Crumb[] }) {
  const { t } = useI18n();
  return (
    <nav className={styles.crumbs} aria-label={t('places.breadcrumbs')}>
      <ol>
        {trail.map((c) => (
          <li key={c.id || 'root'}>
            <Link to={directoryPath(c.id, c.slug)}>{c.name}</Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

interface Entry {
  id: string;
  name: string;
  slug: string;
  media_count?: number;
}

/**
 * A directory list: plain links, and the next page's as a link too (crawlers follow it; the app
 * loads the page in place and appends it).
 */
function EntryList({ query, entries, label, id, slug }: { query: DirectoryQuery; entries: Entry[]; label: string; id: string; slug?: string }) {
  const { t, locale } = useI18n();
  const format = numberFormat(locale, { notation: 'compact' });
  const posts = (n: number) => (n === 1 ? t('discover.postCountOne') : t('discover.postCount', { count: format.format(n) }));
  const pages = query.data?.pages ?? [];
  const next = pages[pages.length - 1]?.next_page ?? null;
  const more = (event: MouseEvent) => {
    event.preventDefault();
    if (!query.isFetchingNextPage) void query.fetchNextPage();
  };
  return (
    <>
      <ul className={styles.list} aria-label={label}>
        {entries.map((e) => (
          <li key={e.id}>
            <Link to={directoryPath(e.id, e.slug)}>{e.name}</Link>
            {e.media_count ? <span className={styles.count}>{posts(e.media_count)}</span> : null}
          </li>
        ))}
      </ul>
      {next ? (
        <div className={styles.more}>
          {query.isFetchingNextPage ? (
            <Spinner label={t('app.loading')} />
          ) : (
            <Link className={styles.moreLink} to={nextPagePath(id, slug, next)} onClick={more}>
              {query.isFetchNextPageError ? t('post.retry') : t('places.seeMore')}
            </Link>
          )}
        </div>
      ) : null}
    </>
  );
}

/** The frame of a directory page: its header on phones, and its loading, missing and failed states. */
function DirectoryFrame({ title, query, children }: { title: string | null; query: { isError: boolean; error: unknown; data?: unknown }; children: () => ReactNode }) {
  const { t } = useI18n();
  useDocumentTitle(title);
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  const body = query.data ? (
    <div className={styles.directory}>{children()}</div>
  ) : query.isError ? (
    <EmptyState icon="alert" title={t('places.loadError')} level={1} />
  ) : (
    <div className={styles.loading}>
      <Spinner label={t('app.loading')} />
    </div>
  );
  return (
    <>
      <SubPageHeader title={title ?? ''} fallback={DIRECTORY_ROOT} wide="none" heading={false} />
      <div className={styles.page}>{body}</div>
    </>
  );
}

const useStartPage = () => new URLSearchParams(useLocation().search).get('page');

/** `/explore/locations/`: every country, by name. */
export function LocationDirectoryPage() {
  const { t } = useI18n();
  const query = useDirectory<DirectoryLandingData>('', useStartPage());
  const countries = query.data?.pages.flatMap((p) => p.country_list) ?? [];
  return (
    <DirectoryFrame title={t('places.directory')} query={query}>
      {() => (
        <>
          <h1 className={`${styles.title} visually-hidden-phone`}>{t('places.directory')}</h1>
          <p className={styles.intro}>{t('places.directoryIntro')}</p>
          <h2 className={styles.section}>{t('places.countries')}</h2>
          <EntryList query={query} entries={countries} label={t('places.countries')} id="" />
        </>
      )}
    </DirectoryFrame>
  );
}

/** `/explore/locations/{code}/{slug}/`: a country's cities, most populous first. */
export function CountryPage({ id }: { id: string }) {
  const { t } = useI18n();
  const query = useDirectory<CountryPageData>(id, useStartPage());
  const country = query.data?.pages[0]?.country_info;
  const cities = query.data?.pages.flatMap((p) => p.city_list) ?? [];
  return (
    <DirectoryFrame title={country?.name ?? null} query={query}>
      {() => (
        <>
          <Crumbs trail={[{ id: '', name: t('places.directory') }]} />
          <h1 className={`${styles.title} visually-hidden-phone`}>{country!.name}</h1>
          <h2 className={styles.section}>{t('places.cities', { name: country!.name })}</h2>
          <EntryList query={query} entries={cities} label={t('places.cities', { name: country!.name })} id={id} slug={country!.slug} />
        </>
      )}
    </DirectoryFrame>
  );
}

/** `/explore/locations/c{id}/{slug}/`: a city's places by name, and a link to the posts at the city itself. */
export function CityPage({ id }: { id: string }) {
  const { t } = useI18n();
  const query = useDirectory<CityPageData>(id, useStartPage());
  const first = query.data?.pages[0];
  const places = query.data?.pages.flatMap((p) => p.location_list) ?? [];
  return (
    <DirectoryFrame title={first?.city_info.name ?? null} query={query}>
      {() => {
        const { city_info: city, country_info: country } = first!;
        return (
          <>
            <Crumbs trail={[{ id: '', name: t('places.directory') }, ...(country ? [country] : [])]} />
            <h1 className={`${styles.title} visually-hidden-phone`}>{city.name}</h1>
            <Link className={styles.postsLink} to={directoryPath(city.location_id, city.slug)}>
              {t('places.postsIn', { name: city.name })}
            </Link>
            <h2 className={styles.section}>{t('places.placesIn', { name: city.name })}</h2>
            {places.length ? (
              <EntryList query={query} entries={places} label={t('places.placesIn', { name: city.name })} id={id} slug={city.slug} />
            ) : (
              <EmptyState icon="globe" title={t('places.noPlaces')} body={t('places.noPlacesBody', { name: city.name })} />
            )}
          </>
        );
      }}
    </DirectoryFrame>
  );
}
