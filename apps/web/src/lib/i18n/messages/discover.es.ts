import type { discoverEn } from './discover.en';

export const discoverEs: Record<keyof typeof discoverEn, string> = {
  'discover.postCount': '{count} publicaciones',
  'discover.postCountOne': '1 publicación',
  'discover.recent': 'Más recientes',
  'discover.tagLabel': 'Publicaciones con {name}',
  'discover.placeLabel': 'Publicaciones en {name}',
  'discover.empty': 'Aún no hay publicaciones',
  'discover.emptyBody': 'Cuando alguien comparta aquí publicaciones que puedas ver, aparecerán aquí.',
  'discover.error': 'No se han podido cargar estas publicaciones. Comprueba tu conexión y vuelve a intentarlo.',
};
