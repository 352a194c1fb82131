import type { searchEn } from './search.en';

export const searchEs: Record<keyof typeof searchEn, string> = {
  'search.label': 'Buscar',
  'search.placeholder': 'Buscar',
  'search.clearQuery': 'Borrar búsqueda',
  'search.cancel': 'Cancelar',
  'search.results': 'Resultados de la búsqueda',
  'search.suggestions': 'Búsquedas recientes y sugeridas',
  'search.recent': 'Recientes',
  'search.clearAll': 'Borrar todo',
  'search.noRecent': 'No hay búsquedas recientes.',
  'search.noResults': 'No se han encontrado resultados.',
  'search.loading': 'Buscando',
  'search.error': 'No se ha podido buscar. Comprueba la conexión e inténtalo de nuevo.',
  'search.remove': 'Quitar {name} de las búsquedas recientes',
  'search.posts': '{count} publicaciones',
  'search.postsOne': '1 publicación',
  'search.verified': 'Verificada',
  'search.hint': 'Las flechas eligen un resultado; Intro lo abre; Supr quita una búsqueda reciente.',
} as const;
