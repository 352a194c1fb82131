import type { termsEn } from './terms.en';

export const termsEs: Record<keyof typeof termsEn, string> = {
  'terms.loading': 'Cargando las condiciones',
  'terms.loadFailed': 'No se han podido cargar las condiciones. Comprueba tu conexión y vuelve a intentarlo.',
  'terms.retry': 'Reintentar',
  'terms.version': 'Versión {version}',

  'terms.start.heading': 'Estamos actualizando nuestras condiciones',
  'terms.start.lead': 'Nuestras Condiciones de uso y nuestra Política de datos han cambiado. Revísalas para seguir usando Shutter.',
  'terms.start.changesHeading': 'Qué cambia',
  'terms.start.change1': 'Explicamos con más claridad qué guardamos sobre ti, quién lo ve y durante cuánto tiempo.',
  'terms.start.change2': 'Qué puedes hacer con tus datos y tu cuenta, en un solo lugar.',
  'terms.start.change3': 'Las normas sobre lo que compartes y qué ocurre si se incumplen.',
  'terms.start.readTerms': 'Leer las Condiciones de uso completas',
  'terms.start.review': 'Revisar las condiciones',

  'terms.accept.heading': 'Condiciones de uso',
  'terms.accept.lead': 'Para seguir usando Shutter, acepta las condiciones que aparecen a continuación.',
  'terms.accept.termsRegion': 'Las condiciones',
  'terms.accept.fullTerms': 'Condiciones de uso',
  'terms.accept.dataPolicy': 'Política de datos',
  'terms.accept.consentsLegend': 'Tu consentimiento',
  'terms.accept.consentTerms': 'Acepto las Condiciones de uso.',
  'terms.accept.consentDataPolicy': 'Acepto que mis datos se usen como describe la Política de datos.',
  'terms.accept.consentHint': 'Ambas son necesarias para usar Shutter.',
  'terms.accept.consentMissing': 'Marca las dos casillas para aceptar.',
  'terms.accept.agree': 'Aceptar',
  'terms.accept.notNow': 'Ahora no',
  'terms.accept.failed': 'No hemos podido guardar tu respuesta. Vuelve a intentarlo.',

  'terms.unblock.heading': 'No puedes usar Shutter hasta que aceptes las condiciones',
  'terms.unblock.body': 'Elegiste no aceptar las condiciones actualizadas. Hasta que lo hagas, puedes mirar, pero no publicar, comentar, seguir ni enviar mensajes.',
  'terms.unblock.agree': 'Revisar y aceptar',
  'terms.unblock.logOut': 'Cerrar sesión',

  'terms.confirm.heading': 'Has aceptado las nuevas condiciones',
  'terms.confirm.body': 'Gracias. Puedes seguir usando Shutter como hasta ahora.',
  'terms.confirm.continue': 'Continuar',

  'signup.tosConsent': 'Acepto las Condiciones de uso y que mis datos se usen como describe la Política de datos.',
};
