import type { loginCheckEn } from './login-check.en';

export const loginCheckEs: Record<keyof typeof loginCheckEn, string> = {
  'loginCheck.heading': '¿Has sido tú?',
  'loginCheck.body': 'Estos inicios de sesión se hicieron desde un dispositivo o un lugar que tu cuenta no había usado. Dinos si fuiste tú.',
  'loginCheck.when': '{time} · {device} · {ip}',
  'loginCheck.wasMe': 'He sido yo',
  'loginCheck.wasMeLabel': 'He sido yo: {browser} en {os}, {ip}',
  'loginCheck.notMe': 'No he sido yo',
  'loginCheck.notMeLabel': 'No he sido yo: {browser} en {os}, {ip}',
  'loginCheck.confirmed': 'Has confirmado este inicio de sesión.',
  'loginCheck.undo': 'Deshacer',
  'loginCheck.undone': 'El inicio de sesión vuelve a estar sin confirmar.',
  'loginCheck.notMeTitle': 'Protege tu cuenta',
  'loginCheck.notMeBody': 'Ese inicio de sesión terminará ahora. Después cambia tu contraseña para que quien lo hizo no pueda volver a entrar.',
  'loginCheck.notMeConfirm': 'Terminarlo y cambiar mi contraseña',
  'loginCheck.cancel': 'Cancelar',
  'loginCheck.failed': 'No hemos podido guardarlo. Vuelve a intentarlo.',
  'loginCheck.retry': 'Reintentar',
};
