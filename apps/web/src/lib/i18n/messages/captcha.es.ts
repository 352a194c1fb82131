import type { captchaEn } from './captcha.en';

/** Spanish strings of the proof-of-work check, merged into the catalogue by es.ts. */
export const captchaEs: Record<keyof typeof captchaEn, string> = {
  'captcha.heading': 'Comprobación rápida',
  'captcha.loginBody': 'Tras varios intentos fallidos, tu navegador hace una breve comprobación antes de que puedas volver a iniciar sesión. Se ejecuta sola.',
  'captcha.signupBody': 'Tu navegador hace una breve comprobación antes de crear tu cuenta. Se ejecuta sola.',
  'captcha.loading': 'Cargando la comprobación…',
  'captcha.loadError': 'No se ha podido cargar la comprobación. Revisa tu conexión y vuelve a intentarlo.',
  'captcha.retry': 'Reintentar',
  'captcha.widget.label': 'No soy un robot',
  'captcha.widget.verifying': 'Comprobando…',
  'captcha.widget.verified': 'Listo',
  'captcha.widget.error': 'La comprobación ha fallado. Vuelve a intentarlo.',
  'captcha.widget.expired': 'La comprobación ha caducado. Vuelve a hacerla.',
  'captcha.widget.verificationRequired': 'Deja que termine la comprobación primero.',
  'captcha.widget.waitAlert': 'Comprobando… espera un momento.',
  'captcha.widget.loading': 'Cargando…',
  'captcha.widget.reload': 'Recargar',
  'captcha.widget.verify': 'Comprobar',
  'captcha.widget.enterCode': 'Introduce el código',
  'captcha.widget.enterCodeAria': 'Introduce el código que oigas. Pulsa Espacio para reproducir el audio.',
  'captcha.widget.getAudioChallenge': 'Obtener un reto de audio',
  'captcha.widget.ariaLinkLabel': 'Acerca de ALTCHA, la comprobación que usamos (abre altcha.org)',
  'captcha.widget.footer': 'Protegido por ALTCHA',
};
