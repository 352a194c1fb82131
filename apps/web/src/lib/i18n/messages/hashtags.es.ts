import type { hashtagsEn } from './hashtags.en';

export const hashtagsEs: Record<keyof typeof hashtagsEn, string> = {
  'hashtag.follow': 'Seguir',
  'hashtag.following': 'Siguiendo',
  'hashtag.loginToFollow': 'Inicia sesión para seguir',
  'hashtag.followFailed': 'No se ha podido seguir este hashtag. Inténtalo de nuevo.',
  'hashtag.unfollowFailed': 'No se ha podido dejar de seguir este hashtag. Inténtalo de nuevo.',
  'hashtag.top': 'Publicaciones destacadas',
  'hashtag.topLabel': 'Publicaciones destacadas con #{name}',
  'hashtag.tabs': 'Publicaciones',
  'hashtag.related': 'Relacionados',
  'hashtag.advisoryTitle': 'Contenido delicado',
  'hashtag.advisoryBody': 'Las publicaciones con este hashtag pueden incluir contenido que algunas personas consideren perturbador.',
  'hashtag.advisorySee': 'Ver publicaciones',
  'hashtag.followedLabel': 'De #{name}, un hashtag que sigues',
  'hashtag.listTitle': 'Hashtags',
  'hashtag.listLink': 'Hashtags',
  'hashtag.listEmpty': 'Aún no hay hashtags',
  'hashtag.listEmptyBody': 'Aquí aparecerán los hashtags seguidos.',
  'hashtag.listLabel': 'Hashtags seguidos',
  'hashtag.people': 'Personas',
};
