import { languageOfTag, type Language } from '../../shared/languages';

/**
 * The mails we send, in each language the product speaks, addressed as the app addresses people
 * (tú in Spanish, vous in French, du in German).
 */
export const MAIL_TEXTS: Record<Language, { verification: VerificationMail; reset: ResetMail; signInLink: SignInLinkMail }> = {
  en: {
    verification: {
      subject: 'Confirm your Tempo account',
      greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
      open: 'Welcome to Tempo. Confirm your email address by opening this link:',
      ignore: 'If you did not sign up, you can ignore this message.',
    },
    reset: {
      subject: 'Your Tempo password reset code',
      asked: 'Someone asked to reset the password of your Tempo account.',
      code: (code) => `Your code: ${code}`,
      expiry: (minutes) => `It works once, for ${minutes} minutes. If you did not ask for it, ignore this message.`,
    },
    signInLink: {
      subject: 'Your Tempo sign-in link',
      asked: 'Someone asked for a link to sign in to your Tempo account from a new browser.',
      open: 'Open it in the browser you want to sign in with. That browser then counts as yours, even while someone else is trying to get in:',
      expiry: (minutes) => `It works once, for ${minutes} minutes. If you did not ask for it, ignore this message: your password stays as it is.`,
    },
  },
  es: {
    verification: {
      subject: 'Confirma tu cuenta de Tempo',
      greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
      open: 'Te damos la bienvenida a Tempo. Confirma tu dirección de correo abriendo este enlace:',
      ignore: 'Si no te has registrado, puedes ignorar este mensaje.',
    },
    reset: {
      subject: 'Tu código para restablecer la contraseña de Tempo',
      asked: 'Alguien ha pedido restablecer la contraseña de tu cuenta de Tempo.',
      code: (code) => `Tu código: ${code}`,
      expiry: (minutes) => `Sirve una sola vez, durante ${minutes} minutos. Si no lo has pedido tú, ignora este mensaje.`,
    },
    signInLink: {
      subject: 'Tu enlace para iniciar sesión en Tempo',
      asked: 'Alguien ha pedido un enlace para iniciar sesión en tu cuenta de Tempo desde un navegador nuevo.',
      open: 'Ábrelo en el navegador con el que quieres iniciar sesión. Ese navegador contará como tuyo, aunque otra persona esté intentando entrar:',
      expiry: (minutes) => `Sirve una sola vez, durante ${minutes} minutos. Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.`,
    },
  },
  fr: {
    verification: {
      subject: 'Confirmez votre compte Tempo',
      greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
      open: 'Bienvenue sur Tempo. Confirmez votre adresse e-mail en ouvrant ce lien :',
      ignore: 'Si vous ne vous êtes pas inscrit, vous pouvez ignorer ce message.',
    },
    reset: {
      subject: 'Votre code de réinitialisation du mot de passe Tempo',
      asked: 'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte Tempo.',
      code: (code) => `Votre code : ${code}`,
      expiry: (minutes) => `Il ne sert qu’une fois, pendant ${minutes} minutes. Si vous ne l’avez pas demandé, ignorez ce message.`,
    },
    signInLink: {
      subject: 'Votre lien de connexion à Tempo',
      asked: 'Quelqu’un a demandé un lien pour se connecter à votre compte Tempo depuis un nouveau navigateur.',
      open: 'Ouvrez-le dans le navigateur avec lequel vous voulez vous connecter. Ce navigateur comptera comme le vôtre, même si quelqu’un d’autre tente d’entrer :',
      expiry: (minutes) =>
        `Il ne sert qu’une fois, pendant ${minutes} minutes. Si vous ne l’avez pas demandé, ignorez ce message : votre mot de passe ne change pas.`,
    },
  },
  de: {
    verification: {
      subject: 'Bestätige dein Tempo-Konto',
      greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
      open: 'Willkommen bei Tempo. Bestätige deine E-Mail-Adresse, indem du diesen Link öffnest:',
      ignore: 'Wenn du dich nicht registriert hast, kannst du diese Nachricht ignorieren.',
    },
    reset: {
      subject: 'Dein Code zum Zurücksetzen des Tempo-Passworts',
      asked: 'Jemand hat das Zurücksetzen des Passworts deines Tempo-Kontos angefordert.',
      code: (code) => `Dein Code: ${code}`,
      expiry: (minutes) => `Er gilt einmal, ${minutes} Minuten lang. Wenn du ihn nicht angefordert hast, ignoriere diese Nachricht.`,
    },
    signInLink: {
      subject: 'Dein Anmeldelink für Tempo',
      asked: 'Jemand hat einen Link angefordert, um sich in einem neuen Browser bei deinem Tempo-Konto anzumelden.',
      open: 'Öffne ihn in dem Browser, mit dem du dich anmelden willst. Dieser Browser gilt dann als deiner, auch während jemand anderes versucht hineinzukommen:',
      expiry: (minutes) =>
        `Er gilt einmal, ${minutes} Minuten lang. Wenn du ihn nicht angefordert hast, ignoriere diese Nachricht: Dein Passwort bleibt, wie es ist.`,
    },
  },
};

interface VerificationMail {
  subject: string;
  greeting: (name: string | undefined) => string;
  open: string;
  ignore: string;
}

interface ResetMail {
  subject: string;
  asked: string;
  code: (code: string) => string;
  expiry: (minutes: number) => string;
}

interface SignInLinkMail {
  subject: string;
  asked: string;
  open: string;
  expiry: (minutes: number) => string;
}

/** A Cognito `locale` attribute ('es', or a tag like 'es-MX') as one of our languages; English otherwise. */
export function mailLanguage(locale: string | undefined): Language {
  return languageOfTag(locale) ?? 'en';
}
