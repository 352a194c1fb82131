import { Link, useParams } from 'react-router';
import type { PlaceDetail } from '@shutter/contract';
import { ApiError } from '../../lib/api';
import { numberFormat } from '../../lib/formatters';
import { useDocumentTitle, useI18n } from '../../lib/i18n/i18n';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { SubPageHeader } from '../../ui/sub-page-header';
import { NotFoundPage } from '../placeholders/placeholder-pages';
import { MediaGrid } from '../profile/profile-grid';
import { GridTile } from '../profile/grid-tile';
import { useLocationMedia } from '../../state/queries/discover';
import { directoryPath, DIRECTORY_ROOT, parseDirectoryId, usePlacePage } from '../../state/queries/places';
import { CityPage, CountryPage } from './directory-pages';
import gridStyles from '../profile/profile-grid.module.css';
import styles from './places.module.css';

/** `/explore/locations/{id}/` and `/locations/{id}/`: a country's, a city's or a place's page, by the shape of the id. */
export function LocationScreen() {
  const key = parseDirectoryId(useParams().id ?? '');
  if (!key) return <NotFoundPage />;
  if (key.kind === 'country') return <CountryPage id={key.id} />;
  if (key.kind === 'city') return <CityPage id={key.id} />;
  return <PlacePage id={key.id} />;
}

function useCoordinates() {
  const { t, locale } = useI18n();
  const format = numberFormat(locale, { maximumFractionDigits: 4 });
  return (lat: number, lng: number) =>
    t('places.coordinates', {
      lat: t(lat >= 0 ? 'places.north' : 'places.south', { value: format.format(Math.abs(lat)) }),
      lng: t(lng >= 0 ? 'places.east' : 'places.west', { value: format.format(Math.abs(lng)) }),
    });
}

/** A map pin, drawn: the place's badge (the pin glyph is missing from many system fonts). */
function PinIcon() {
  return (
    <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 21s-6.5-6.1-6.5-11.2a6.5 6.5 0 0 1 13 0C18.5 14.9 12 21 12 21z" />
      <circle cx="12" cy="9.8" r="2.4" />
    </svg>
  );
}

/** Where the place is: its city and country as links into the directory, its coordinates and post count. */
function PlaceHeader({ place }: { place: PlaceDetail }) {
  const { t, locale } = useI18n();
  const coordinates = useCoordinates();
  const count = place.edge_location_to_media.count;
  return (
    <header className={styles.header}>
      <span className={styles.badge} aria-hidden="true">
        <PinIcon />
      </span>
      <div>
        <h1 className={styles.title}>{place.name}</h1>
        {place.city || place.country ? (
          <p className={styles.where}>
            {place.city ? <Link to={directoryPath(place.city.id, place.city.slug)}>{place.city.name}</Link> : null}
            {place.city && place.country ? ', ' : null}
            {place.country ? <Link to={directoryPath(place.country.id, place.country.slug)}>{place.country.name}</Link> : null}
          </p>
        ) : null}
        {place.lat !== null && place.lng !== null ? <p className={styles.meta}>{coordinates(place.lat, place.lng)}</p> : null}
        <p className={styles.meta}>{count === 1 ? t('discover.postCountOne') : t('discover.postCount', { count: numberFormat(locale).format(count) })}</p>
        {place.directory_id ? (
          <Link className={styles.postsLink} to={directoryPath(place.directory_id, place.slug)}>
            {t('places.placesIn', { name: place.name })}
          </Link>
        ) : null}
      </div>
    </header>
  );
}

/** `/explore/locations/{id}/{slug}/`: where the place is, its top posts and its newest posts. */
function PlacePage({ id }: { id: string }) {
  const { t } = useI18n();
  const page = usePlacePage(id);
  const recent = useLocationMedia(id);
  const place = page.data?.graphql.location;
  useDocumentTitle(place ? place.name : null);
  if (page.error instanceof ApiError && page.error.status === 404) return <NotFoundPage />;
  const header = <SubPageHeader title={place?.name ?? ''} fallback={DIRECTORY_ROOT} wide="none" heading={false} />;
  if (!place)
    return (
      <>
        {header}
        {page.isError ? <EmptyState icon="alert" title={t('places.loadError')} level={1} /> : <div className={styles.loading}><Spinner label={t('app.loading')} /></div>}
      </>
    );
  const top = place.edge_location_to_top_posts.edges.map((e) => e.node);
  // With no more posts than the top shows, the newest posts are the same ones: shown once.
  const showTop = top.length > 0 && place.edge_location_to_media.count > top.length;
  return (
    <>
      {header}
      <div className={styles.page}>
        <PlaceHeader place={place} />
        {showTop ? (
          <>
            <h2 className={styles.section}>{t('places.top')}</h2>
            <ul className={gridStyles.grid} aria-label={t('places.topLabel', { name: place.name })}>
              {top.map((post) => <GridTile key={post.id} post={post} isOwner={false} />)}
            </ul>
          </>
        ) : null}
        <h2 className={styles.section}>{t('discover.recent')}</h2>
        <MediaGrid query={recent} label={t('discover.placeLabel', { name: place.name })} isOwner={false} empty={<EmptyState icon="camera" title={t('discover.empty')} body={t('discover.emptyBody')} />} />
      </div>
    </>
  );
}
