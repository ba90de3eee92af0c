import { SIGN_IN_LINK, TRUSTED_DEVICES } from '../../../../shared/constants';
import { DAY_MS } from '../../../../shared/dates';
import type { PrivacyTexts } from '../catalogue-types';

/** French: the privacy and terms page, a catalogue part of its own: only that page downloads it. */
export default {
  documentTitle: 'Confidentialité et conditions · Tempo',
  title: 'Confidentialité et conditions',
  lastUpdated: (day: string) => `Dernière mise à jour : ${day}`,
  sections: [
    {
      heading: 'Avertissement bêta',
      text: 'Tempo est en bêta. Des fonctionnalités peuvent changer, se casser ou disparaître, et le service peut être parfois indisponible. Gardez votre propre copie de ce que vous ne pouvez pas vous permettre de perdre.',
    },
    {
      heading: 'Utilisation de vos données',
      text: 'Nous conservons votre nom et votre adresse e-mail pour gérer votre compte, ainsi que les objectifs, tâches, événements et étiquettes que vous créez pour vous les afficher. Ce que vous dites à l’assistant vocal est traité pour exécuter vos demandes. Nous ne vendons pas vos données et ne les utilisons pas à des fins publicitaires.',
    },
    {
      heading: 'Services tiers',
      items: [
        'Amazon Web Services héberge l’application, stocke vos données et envoie nos e-mails.',
        'ElevenLabs traite les conversations vocales avec l’assistant.',
        'Google Agenda n’est consulté que si vous le connectez. Tempo lit alors vos événements et, dès que vous l’autorisez à faire des modifications, écrit dans votre Google Agenda : les événements que vous créez, modifiez ou supprimez dans Tempo y sont aussi créés, modifiés ou supprimés.',
        'Le service push de votre navigateur (celui de Google pour Chrome, de Mozilla pour Firefox, d’Apple pour Safari) distribue les rappels que vous choisissez de recevoir en notifications, chiffrés pour que seul votre navigateur puisse les lire.',
      ],
    },
    {
      heading: 'Rappels',
      items: [
        'Les rappels s’affichent à l’écran, dans chaque onglet où Tempo est ouvert.',
        'Si vous activez les notifications dans un navigateur, il nous donne une adresse auprès de son service push. Nous conservons cette adresse et le nom du navigateur pour y envoyer vos rappels, jusqu’à ce que vous y désactiviez les notifications ou vous déconnectiez partout.',
        'Si vous activez les rappels par e-mail, nous vous les envoyons, avec le titre et l’heure de l’élément, à l’adresse avec laquelle vous vous êtes connecté.',
        'Si un e-mail de rappel est définitivement rejeté ou signalé comme spam, notre service d’envoi nous en informe. Nous conservons alors cette adresse avec le motif et la date, ne lui envoyons plus de rappels, et les paramètres vous disent pourquoi.',
      ],
    },
    {
      heading: 'Flux d’agenda',
      items: [
        'Si vous activez le flux d’agenda, Tempo crée une adresse secrète depuis laquelle les applications d’agenda lisent vos événements et vos tâches ouvertes avec une échéance, ainsi que vos événements Google si vous le choisissez.',
        'Toute personne qui a l’adresse peut les lire : ne la donnez qu’à des applications de confiance. Nous n’en conservons qu’une empreinte (un hachage), jamais l’adresse elle-même.',
        'Vous pouvez la remplacer par une nouvelle adresse, ce qui arrête aussitôt l’ancienne, ou désactiver le flux. Se déconnecter partout ou réinitialiser votre mot de passe l’arrête aussi.',
      ],
    },
    {
      heading: 'Connexion',
      items: [
        `Un lien de connexion que vous demandez vous est envoyé par e-mail et fonctionne une fois, dans les ${SIGN_IN_LINK.expiryMs / 60_000} minutes. D’ici là, nous en conservons une empreinte avec votre compte et votre adresse, et nous notons quand nous vous en avons envoyé un pour la dernière fois.`,
        `Un navigateur avec lequel vous vous connectez, ou dans lequel vous ouvrez un lien de connexion, conserve un jeton de notre part pour que nous le reconnaissions comme le vôtre : les tentatives échouées d’inconnus ne le bloquent alors jamais. Nous conservons une empreinte des jetons de vos ${TRUSTED_DEVICES.perAccount} derniers navigateurs et la date d’émission de chacun, jusqu’à ${TRUSTED_DEVICES.lifetimeMs / DAY_MS} jours après le dernier ; se déconnecter partout ou réinitialiser votre mot de passe les efface.`,
        'Chaque navigateur conserve aussi un identifiant aléatoire qui lui est propre, avec lequel nous comptons ses tentatives de connexion et ses demandes de codes et de liens.',
      ],
    },
    {
      heading: 'Signalement des erreurs',
      items: [
        'Quand quelque chose ne va pas, l’application signale l’erreur avec la page et le navigateur où elle s’est produite, ainsi que des traces de performance de vos requêtes et l’identifiant de votre compte, pour que nous puissions la trouver et la corriger.',
        'Un enregistrement de session, qui retrace ce qui s’est passé à l’écran, est conservé pour 10 % des sessions et pour chaque session où survient une erreur. Tout le texte et tout ce que vous saisissez sont masqués, et les images et médias sont bloqués : un enregistrement montre la structure de la page, jamais votre contenu.',
        'Un rapport de bug que vous envoyez contient votre nom, votre adresse e-mail et vos commentaires.',
        'Les mots de passe, les jetons de connexion et le contenu de vos objectifs, tâches et événements ne sont jamais envoyés.',
        'Les signalements sont envoyés au service de signalement des erreurs que nous utilisons pour Tempo (Sentry, ou un serveur à nous qui parle son protocole), où seule l’équipe Tempo les lit. Ils sont conservés pendant la durée de rétention de ce service : par défaut chez Sentry, 90 jours pour les erreurs, les rapports de bug et les enregistrements, et 30 jours pour les traces de performance.',
        'Si le signalement des erreurs n’est pas configuré sur le serveur, rien n’est envoyé.',
      ],
    },
    {
      heading: 'Absence de garantie',
      text: 'La bêta est fournie « en l’état », sans garantie d’aucune sorte. Dans les limites permises par la loi, nous ne sommes pas responsables des pertes liées à son utilisation.',
    },
    {
      heading: 'Sécurité',
      text: 'Vos données circulent et sont stockées chiffrées. Seul votre compte connecté peut les lire, et notre service d’authentification ne conserve les mots de passe que sous forme de hachages salés. Aucun système n’est parfaitement sûr : utilisez un mot de passe que vous n’utilisez nulle part ailleurs.',
    },
  ],
  deletion: {
    heading: 'Demandes de suppression',
    before: 'Pour supprimer votre compte et vos données, écrivez à',
    after: 'depuis l’adresse utilisée lors de votre inscription. Nous traitons les demandes de suppression sous 30 jours.',
  },
  changes: {
    heading: 'Modification de ces conditions',
    text: 'Nous pouvons mettre à jour ces conditions au fil de la bêta. La date en haut indique la dernière modification ; continuer à utiliser Tempo ensuite vaut acceptation des nouvelles conditions.',
  },
} satisfies PrivacyTexts;
