import type { exploreEn } from './explore.en';

export const exploreEs: Record<keyof typeof exploreEn, string> = {
  'explore.title': 'Explorar',
  'explore.clusters': 'Temas',
  'explore.all': 'Para ti',
  'explore.gridLabel': 'Publicaciones para explorar',
  'explore.clusterLabel': 'Publicaciones sobre {name}',
  'explore.postMenu': 'Más opciones de esta publicación',
  'explore.notInterested': 'No me interesa',
  'explore.hidden': 'Entendido. Verás menos publicaciones como esta.',
  'explore.undo': 'Deshacer',
  'explore.hideFailed': 'No se ha podido ocultar esta publicación. Inténtalo de nuevo.',
  'explore.undoFailed': 'No se ha podido recuperar esta publicación. Inténtalo de nuevo.',
  'explore.empty': 'Aún no hay nada que explorar',
  'explore.emptyBody': 'Cuando personas a las que no sigues compartan publicaciones públicas, las mejores aparecerán aquí.',
  'explore.clusterEmpty': 'No hay nada más sobre este tema',
  'explore.clusterEmptyBody': 'Prueba otro tema o todo Explorar.',
  'explore.failed': 'No se ha podido cargar Explorar. Comprueba tu conexión e inténtalo de nuevo.',
  'explore.gone': 'Este tema ya no está disponible',
  'explore.back': 'Volver a Explorar',
  'explore.loading': 'Cargando publicaciones',
};
