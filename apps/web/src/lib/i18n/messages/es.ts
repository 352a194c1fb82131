import { accountEs } from './account.es';
import { createEs } from './create.es';
import { discoverEs } from './discover.es';
import { directoriesEs } from './directories.es';
import { placesEs } from './places.es';
import { searchEs } from './search.es';
import { directEs } from './direct.es';
import { highlightsEs } from './highlights.es';
import { storiesEs } from './stories.es';
import { storyCreateEs } from './story-create.es';
import { legalEs } from './legal.es';
import { termsEs } from './terms.es';
import { signupStepsEs } from './signup-steps.es';
import { loginCheckEs } from './login-check.es';
import { contactsEs } from './contacts.es';
import { oneTapEs } from './one-tap.es';
import { reportsEs } from './reports.es';
import { hashtagsEs } from './hashtags.es';
import { storyRingEs } from './story-ring.es';
import { exploreEs } from './explore.es';
import { serverEs } from './server.es';
import type { MessageId } from './en';
import { graphEs } from './graph.es';
import { postsEs } from './posts.es';
import { postEditEs } from './post-edit.es';
import { twoFactorEs } from './two-factor.es';
import { captchaEs } from './captcha.es';
import { oidcEs } from './oidc.es';
import { moderationEs } from './moderation.es';
import { contactImportEs } from './contact-import.es';
import { connectedAppsEs } from './connected-apps.es';
import { settingsPagesEs } from './settings-pages.es';
import { leavingEs } from './leaving.es';

/** Spanish catalogue: the same identifiers as the English one (checked by the compiler and a test). */
const coreEs = {
  'app.name': 'Shutter',
  'app.tagline': 'Comparte fotos y vídeos con las personas que sigues.',
  'app.skipToContent': 'Ir al contenido',
  'app.loading': 'Cargando',
  'app.copyright': '© {year} Shutter',
  'app.languageLabel': 'Idioma',
  'app.backHome': 'Volver a Shutter',
  'app.error.title': 'Algo salió mal',
  'app.error.body': 'No se pudo cargar la página. Comprueba tu conexión e inténtalo de nuevo.',
  'app.error.retry': 'Reintentar',
  'app.back': 'Atrás',
  'title.suffix': '{title} • Shutter',

  'locale.en': 'English',
  'locale.es': 'Español',

  'nav.primary': 'Principal',
  'nav.logo': 'Shutter',
  'nav.home': 'Inicio',
  'nav.explore': 'Explorar',
  'nav.direct': 'Direct',
  'nav.directUnread': 'Direct, {count} sin leer',
  'nav.activity': 'Actividad',
  'nav.create': 'Crear',
  'nav.create.post': 'Publicación',
  'nav.create.story': 'Historia',
  'nav.profile': 'Perfil',
  'nav.search': 'Buscar',
  'nav.searchPlaceholder': 'Buscar',
  'nav.accountMenu': 'Menú de la cuenta',
  'nav.menu.profile': 'Perfil',
  'nav.menu.settings': 'Configuración',
  'nav.menu.loginActivity': 'Actividad de inicio de sesión',
  'nav.menu.changePassword': 'Cambiar contraseña',
  'nav.menu.switchLanguage': 'Cambiar idioma a {language}',
  'nav.menu.switchAccount': 'Iniciar sesión en otra cuenta',
  'nav.menu.logOut': 'Cerrar sesión',
  'nav.tabs': 'Pestañas',
  'nav.loggedOut.logIn': 'Iniciar sesión',
  'nav.loggedOut.signUp': 'Registrarte',
  'activity.popover.title': 'Actividad',
  'activity.popover.empty': 'Aún no hay actividad',
  'activity.popover.emptyBody': 'Cuando alguien dé me gusta o comente tus publicaciones, lo verás aquí.',
  'activity.popover.seeAll': 'Ver toda la actividad',

  'switch.title': '¿Iniciar sesión en otra cuenta?',
  'switch.body': 'Primero se cerrará la sesión de @{username}.',
  'switch.confirm': 'Cerrar sesión y continuar',
  'switch.cancel': 'Cancelar',
  'switch.button': 'Cambiar',

  'logout.error': 'error interno al cerrar sesión',

  'modal.close': 'Cerrar',
  'toast.region': 'Notificaciones',

  'cookies.region': 'Aviso de cookies',
  'cookies.text': 'Usamos cookies para que Shutter funcione y mejore, para recordar tu configuración y para proteger tu cuenta.',
  'cookies.learnMore': 'Más información',
  'cookies.close': 'Cerrar',

  'auth.orDivider': 'O',
  'auth.showPassword': 'Mostrar',
  'auth.hidePassword': 'Ocultar',
  'auth.showPasswordLabel': 'Mostrar contraseña',
  'auth.hidePasswordLabel': 'Ocultar contraseña',
  'auth.fieldValid': 'Correcto',
  'auth.fieldInvalid': 'Tiene un error',
  'auth.getTheApp': 'Fotos y vídeos de tus amigos, en cualquier pantalla.',
  'auth.heroAlt': 'Teléfono que muestra un feed de fotos de Shutter',

  'login.title': 'Iniciar sesión',
  'login.heading': 'Inicia sesión en Shutter',
  'login.username': 'Usuario o correo electrónico',
  'login.password': 'Contraseña',
  'login.submit': 'Iniciar sesión',
  'login.forgot': '¿Has olvidado la contraseña?',
  'login.noAccount': '¿No tienes una cuenta?',
  'login.signUpLink': 'Regístrate',
  'login.genericError': 'Hubo un problema al iniciar sesión. Inténtalo de nuevo.',
  'login.redirectNotice': 'Inicia sesión para continuar.',

  'signup.title': 'Registrarte',
  'signup.heading': 'Regístrate para ver fotos y vídeos de tus amigos.',
  'signup.email': 'Correo electrónico',
  'signup.fullName': 'Nombre completo',
  'signup.username': 'Nombre de usuario',
  'signup.password': 'Contraseña',
  'signup.passwordHint': 'Al menos {min} caracteres.',
  'signup.submit': 'Registrarte',
  'signup.haveAccount': '¿Tienes una cuenta?',
  'signup.logInLink': 'Inicia sesión',
  'signup.suggestions': 'Prueba uno de estos nombres de usuario:',
  'signup.useSuggestion': 'Usar el nombre de usuario {username}',
  'signup.genericError': 'Algo salió mal al crear tu cuenta. Inténtalo de nuevo en unos minutos.',

  'landing.title': 'Shutter',
  'landing.heading': 'Shutter',
  'landing.logIn': 'Iniciar sesión',
  'landing.signUp': 'Registrarte',

  'twoFactor.title': 'Autenticación en dos pasos',

  'reset.title': 'Restablecer contraseña',
  'reset.heading': '¿Tienes problemas para iniciar sesión?',
  'reset.body': 'Introduce tu correo electrónico o nombre de usuario y te enviaremos un enlace para que vuelvas a entrar en tu cuenta.',
  'reset.field': 'Correo electrónico o nombre de usuario',
  'reset.submit': 'Enviar enlace de inicio de sesión',
  'reset.backToLogin': 'Volver al inicio de sesión',
  'reset.error': 'No pudimos enviar el enlace. Inténtalo de nuevo.',
  'resetConfirm.title': 'Elige una contraseña nueva',
  'resetConfirm.heading': 'Crea una contraseña segura',
  'resetConfirm.body': 'Tu contraseña debe tener al menos {min} caracteres.',
  'resetConfirm.new1': 'Contraseña nueva',
  'resetConfirm.new2': 'Confirma la contraseña nueva',
  'resetConfirm.submit': 'Restablecer contraseña',
  'resetConfirm.success': 'Se ha restablecido tu contraseña. Inicia sesión con la nueva.',
  'resetConfirm.invalidLink': 'Este enlace para restablecer la contraseña no es válido o ha caducado.',
  'resetConfirm.error': 'No pudimos restablecer tu contraseña. Inténtalo de nuevo.',

  'password.title': 'Cambiar contraseña',
  'password.old': 'Contraseña anterior',
  'password.new1': 'Contraseña nueva',
  'password.new2': 'Confirma la contraseña nueva',
  'password.submit': 'Cambiar contraseña',
  'password.success': 'Se ha cambiado la contraseña.',
  'password.error': 'No pudimos cambiar tu contraseña. Inténtalo de nuevo.',
  'password.forgot': '¿Has olvidado la contraseña?',

  'sessions.title': 'Actividad de inicio de sesión',
  'sessions.heading': 'Dónde has iniciado sesión',
  'sessions.body': 'Revisa los dispositivos con sesión iniciada en tu cuenta. Cierra la sesión en los que no reconozcas.',
  'sessions.activeNow': 'Activo ahora',
  'sessions.lastActive': 'Última actividad {time}',
  'sessions.startedAt': 'Sesión iniciada {time}',
  'sessions.summary': '{browser} en {os}',
  'sessions.logOut': 'Cerrar sesión',
  'sessions.logOutLabel': 'Cerrar sesión en {browser} en {os} ({ip})',
  'sessions.thisDevice': 'Este dispositivo',
  'sessions.empty': 'No hay inicios de sesión que mostrar.',
  'sessions.error': 'No se pudo cargar tu actividad de inicio de sesión.',
  'sessions.ended': 'Se cerró esa sesión.',
  'sessions.endError': 'No se pudo cerrar esa sesión. Inténtalo de nuevo.',
  'sessions.retry': 'Reintentar',

  'settings.nav': 'Configuración',
  'settings.editProfile': 'Editar perfil',

  'home.title': 'Inicio',
  'home.welcome': 'Te damos la bienvenida a Shutter',
  'home.welcomeBody': 'Cuando sigas a personas, sus fotos y vídeos aparecerán aquí.',
  'home.explore': 'Buscar personas a las que seguir',
  'home.suggestions': 'Sugerencias para ti',
  'home.viewerCard': 'Tu cuenta',

  'profile.posts': '{count} publicaciones',
  'profile.followers': '{count} seguidores',
  'profile.following': '{count} seguidos',
  'profile.postsShort': 'publicaciones',
  'profile.followersShort': 'seguidores',
  'profile.followingShort': 'seguidos',
  'profile.postsShortOne': 'publicación',
  'profile.followersShortOne': 'seguidor',
  'profile.followingShortOne': 'seguido',
  'profile.noPosts': 'Aún no hay publicaciones',
  'profile.noPostsBody': 'Cuando se compartan fotos y vídeos, aparecerán en este perfil.',
  'profile.noSaved': 'Guardar',
  'profile.noSavedBody': 'Guarda las fotos y los vídeos que quieras volver a ver. Solo tú puedes ver lo que has guardado.',
  'profile.noTagged': 'Fotos en las que apareces',
  'profile.noTaggedBody': 'Cuando te etiqueten en fotos, aparecerán aquí.',
  'profile.tabs': 'Secciones del perfil',
  'profile.tabPosts': 'Publicaciones',
  'profile.tabSaved': 'Guardado',
  'profile.tabChannel': 'Vídeos',
  'profile.noChannel': 'Aún no hay vídeos largos',
  'profile.noChannelBody': 'Los vídeos largos compartidos en el canal aparecerán aquí.',
  'profile.tabTagged': 'Etiquetadas',
  'profile.private': 'Esta cuenta es privada',
  'profile.verified': 'Verificada',
  'profile.editProfile': 'Editar perfil',
  'profile.avatarAlt': 'Foto del perfil de {username}',
  'profile.titleWithName': '{fullName} (@{username})',

  'avatar.default': 'Foto del perfil',

  'soon.badge': 'Próximamente',
  'soon.create.title': 'Nueva publicación',
  'soon.create.body': 'Comparte una foto o un vídeo con tus seguidores.',

  'notFound.title': 'Página no encontrada',
  'notFound.heading': 'Esta página no está disponible.',
  'notFound.body': 'Es posible que el enlace que has seguido esté roto o que se haya eliminado la página.',
};

export const es: Record<MessageId, string> = { ...coreEs, ...postsEs, ...postEditEs, ...twoFactorEs, ...captchaEs, ...oidcEs, ...createEs, ...graphEs, ...accountEs, ...discoverEs, ...serverEs, ...directoriesEs, ...placesEs, ...searchEs, ...hashtagsEs, ...exploreEs, ...directEs, ...storyRingEs, ...highlightsEs, ...storiesEs, ...storyCreateEs, ...legalEs, ...termsEs, ...signupStepsEs, ...loginCheckEs, ...contactsEs, ...oneTapEs, ...reportsEs, ...moderationEs, ...contactImportEs, ...connectedAppsEs, ...settingsPagesEs, ...leavingEs };
