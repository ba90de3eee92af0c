/** Français : Paramètres → Supprimer mon compte (see ../en/account-deletion.ts). */
import type { AccountDeletionTexts } from '../catalogue-types';

export default {
  messages: {
    confirmationMismatch: 'Saisissez votre adresse e-mail exactement comme indiqué pour confirmer',
    signInAgain: 'Confirmez qu’il s’agit bien de vous : reconnectez-vous, puis supprimez votre compte dans les 5 minutes.',
  },
  title: 'Supprimer mon compte',
  hint: 'Supprimer votre compte efface définitivement tout son contenu : vos objectifs, tâches, événements, étiquettes et paramètres, votre connexion à Google Agenda, vos jetons d’accès, webhooks et votre flux d’agenda. C’est irréversible. Pour garder une copie de vos données, exportez-les d’abord.',
  open: 'Supprimer mon compte…',
  dialogTitle: 'Supprimer votre compte ?',
  dialogIntro: 'Tout le contenu de votre compte sera définitivement supprimé. C’est irréversible.',
  password: 'Votre mot de passe',
  passwordHint: 'Pour confirmer qu’il s’agit bien de vous.',
  passwordRequired: 'Saisissez votre mot de passe',
  wrongPassword: 'Ce mot de passe n’est pas le bon.',
  tooManyTries: 'Trop de tentatives. Patientez un instant, puis réessayez.',
  signInFailed: 'Impossible de vérifier votre mot de passe. Veuillez réessayer.',
  googleIntro:
    'Vous vous connectez avec Google. Pour confirmer qu’il s’agit bien de vous, déconnectez-vous, reconnectez-vous avec Google et revenez ici dans les 5 minutes.',
  confirmation: 'Pour confirmer, saisissez votre adresse e-mail',
  confirmationHint: (email: string) => `Saisissez ${email}`,
  delete: 'Supprimer mon compte',
  failed: 'Impossible de supprimer votre compte. Veuillez réessayer.',
  deleted: 'Votre compte a été supprimé',
  deletedDetail: (email: string) => `Tout son contenu a disparu. Une confirmation est en route vers ${email}.`,
  needsConnection: 'La suppression de votre compte nécessite une connexion.',
} satisfies AccountDeletionTexts;
