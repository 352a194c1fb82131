import type { directoriesEn } from './directories.en';

export const directoriesEs: Record<keyof typeof directoriesEn, string> = {
  'directory.profiles': 'Directorio de perfiles',
  'directory.hashtags': 'Directorio de hashtags',
  'directory.locations': 'Ubicaciones',
  'directory.footerLabel': 'Directorios',
  'directory.range': '{first} – {last}',
  'directory.keyLabel': '{kind}: de {first} a {last}',
  'directory.keysLabel': 'Secciones',
  'directory.entriesProfiles': 'Perfiles',
  'directory.entriesHashtags': 'Hashtags',
  'directory.breadcrumb': 'Ruta de navegación',
  'directory.up': 'Subir un nivel',
  'directory.empty': 'Todavía no hay nada aquí',
  'directory.emptyBody': 'Cuando la gente comparta en público, aparecerá aquí.',
  'directory.error': 'No se ha podido cargar este directorio. Comprueba tu conexión e inténtalo de nuevo.',
  'directory.retry': 'Reintentar',
  'directory.suggestedTitle': 'Perfiles sugeridos en torno a @{username}',
  'directory.suggestedEmpty': 'No hay sugerencias',
  'directory.suggestedEmptyBody': 'No hay perfiles públicos que sugerir en torno a esta persona.',
};
