import type { postEditEn } from './post-edit.en';

/** Spanish strings of editing a post, merged into the catalogue by es.ts. */
export const postEditEs: Record<keyof typeof postEditEn, string> = {
  'post.edit': 'Editar',
  'postEdit.title': 'Editar información',
  'postEdit.cancel': 'Cancelar',
  'postEdit.save': 'Guardar',
  'postEdit.saving': 'Guardando',
  'postEdit.saved': 'Se han guardado los cambios.',
  'postEdit.failedTitle': 'No se pudieron guardar los cambios',
  'postEdit.failed': 'Algo salió mal. Comprueba tu conexión e inténtalo de nuevo.',
  'postEdit.tagsLimit': 'Una publicación puede etiquetar hasta {max} personas.',
  'postEdit.discardTitle': '¿Descartar los cambios?',
  'postEdit.discardBody': 'Si sales, no se guardarán los cambios.',
  'postEdit.discard': 'Descartar',
  'postEdit.keepEditing': 'Seguir editando',
};
