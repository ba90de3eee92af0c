/** Español: Ajustes → Eliminar mi cuenta (see ../en/account-deletion.ts). */
import type { AccountDeletionTexts } from '../catalogue-types';

export default {
  messages: {
    confirmationMismatch: 'Escribe tu dirección de correo tal como aparece para confirmar',
    signInAgain: 'Confirma que eres tú: vuelve a iniciar sesión y elimina tu cuenta en los 5 minutos siguientes.',
  },
  title: 'Eliminar mi cuenta',
  hint: 'Al eliminar tu cuenta se borra para siempre todo lo que contiene: tus objetivos, tareas, eventos, etiquetas y ajustes, tu conexión con Google Calendar, tus tokens de acceso, webhooks y tu feed de calendario. No se puede deshacer. Para conservar una copia de tus datos, expórtalos antes.',
  open: 'Eliminar mi cuenta…',
  dialogTitle: '¿Eliminar tu cuenta?',
  dialogIntro: 'Todo lo que hay en tu cuenta se borrará para siempre. No se puede deshacer.',
  password: 'Tu contraseña',
  passwordHint: 'Para confirmar que eres tú.',
  passwordRequired: 'Escribe tu contraseña',
  wrongPassword: 'Esa contraseña no es correcta.',
  tooManyTries: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  signInFailed: 'No se ha podido comprobar tu contraseña. Inténtalo de nuevo.',
  googleIntro:
    'Inicias sesión con Google. Para confirmar que eres tú, cierra sesión, vuelve a iniciarla con Google y regresa aquí en los 5 minutos siguientes.',
  confirmation: 'Para confirmar, escribe tu dirección de correo',
  confirmationHint: (email: string) => `Escribe ${email}`,
  delete: 'Eliminar mi cuenta',
  failed: 'No se ha podido eliminar tu cuenta. Inténtalo de nuevo.',
  deleted: 'Hemos eliminado tu cuenta',
  deletedDetail: (email: string) => `Ya no queda nada de ella. Te hemos enviado una confirmación a ${email}.`,
  needsConnection: 'Para eliminar tu cuenta necesitas conexión.',
} satisfies AccountDeletionTexts;
