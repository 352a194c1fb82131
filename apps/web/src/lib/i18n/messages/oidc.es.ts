import type { oidcEn } from './oidc.en';

/** Spanish strings of sign-in with the operator's OpenID Connect provider, merged into the catalogue by es.ts. */
export const oidcEs: Record<keyof typeof oidcEn, string> = {
  'oidc.continue': 'Continuar con {name}',
  'oidc.defaultName': 'tu proveedor',
  'oidc.or': 'o',
  'oidc.notice.canceled': 'Se canceló el inicio de sesión con {name}.',
  'oidc.error.denied': '{name} no ha permitido iniciar tu sesión. Puedes volver a intentarlo o entrar con tu contraseña.',
  'oidc.error.failed': 'No hemos podido iniciar tu sesión con {name}. Vuelve a intentarlo.',
  'oidc.error.no_email': '{name} no ha compartido una dirección de correo electrónico, y una cuenta la necesita. Regístrate con tu correo.',
  'oidc.error.email_taken': 'Ya hay una cuenta con el correo electrónico de tu cuenta de {name}. Entra con su contraseña; cuando su correo esté confirmado, {name} también servirá para ella.',
  'oidc.error.birthday_required': 'Para crear una cuenta nueva, regístrate con el formulario: te pedirá tu fecha de nacimiento.',
  'oidc.error.parental_consent_pending': 'Esta cuenta está esperando la aprobación de un padre, madre o tutor.',
  'oidc.error.account_suspended': 'Esta cuenta está suspendida. Entra con su contraseña para ver el motivo y pedir una revisión.',
  'oidc.error.two_factor': 'Esta cuenta usa la autenticación en dos pasos. Entra con su contraseña y tu código de seguridad.',
};
