import { SIGN_IN_LINK, TRUSTED_DEVICES } from '../../../../shared/constants';
import { DAY_MS } from '../../../../shared/dates';
import type { PrivacyTexts } from '../catalogue-types';

/** German: the privacy and terms page, a catalogue part of its own: only that page downloads it. */
export default {
  documentTitle: 'Datenschutz & Bedingungen · Tempo',
  title: 'Datenschutz & Bedingungen',
  lastUpdated: (day: string) => `Zuletzt aktualisiert am ${day}`,
  sections: [
    {
      heading: 'Hinweis zur Beta',
      text: 'Tempo ist in der Beta. Funktionen können sich ändern, ausfallen oder wegfallen, und der Dienst ist zeitweise vielleicht nicht erreichbar. Bewahre bitte eine eigene Kopie von allem auf, was du nicht verlieren darfst.',
    },
    {
      heading: 'Wie wir deine Daten nutzen',
      text: 'Wir speichern deinen Namen und deine E-Mail-Adresse, um dein Konto zu führen, und die Ziele, Aufgaben, Termine und Tags, die du anlegst, um sie dir anzuzeigen. Was du dem Sprachassistenten sagst, wird verarbeitet, um deine Anfragen auszuführen. Wir verkaufen deine Daten nicht und nutzen sie nicht für Werbung.',
    },
    {
      heading: 'Dienste Dritter',
      items: [
        'Amazon Web Services hostet die App, speichert deine Daten und versendet unsere E-Mails.',
        'ElevenLabs verarbeitet die Sprachgespräche mit dem Assistenten.',
        'Auf Google Kalender wird nur zugegriffen, wenn du ihn verbindest. Tempo liest dann deine Termine, und sobald du Änderungen erlaubst, schreibt es in deinen Google Kalender: Termine, die du in Tempo anlegst, änderst oder löschst, werden dort ebenso angelegt, geändert oder gelöscht.',
        'Der Push-Dienst deines Browsers (der von Google für Chrome, von Mozilla für Firefox, von Apple für Safari) stellt die Erinnerungen zu, die du als Benachrichtigungen erhalten möchtest, verschlüsselt, sodass nur dein Browser sie lesen kann.',
      ],
    },
    {
      heading: 'Erinnerungen',
      items: [
        'Erinnerungen erscheinen auf dem Bildschirm, in jedem Tab, in dem Tempo geöffnet ist.',
        'Schaltest du in einem Browser Benachrichtigungen ein, gibt er uns eine Adresse bei seinem Push-Dienst. Diese Adresse und den Namen des Browsers speichern wir, um deine Erinnerungen dorthin zu senden, bis du die Benachrichtigungen dort ausschaltest oder dich überall abmeldest.',
        'Schaltest du Erinnerungen per E-Mail ein, senden wir sie mit Titel und Zeit des Eintrags an die Adresse, mit der du angemeldet bist.',
        'Kommt eine Erinnerungs-E-Mail endgültig zurück oder wird sie als Spam markiert, teilt unser E-Mail-Dienst uns das mit. Dann speichern wir diese Adresse mit Grund und Datum, senden ihr keine Erinnerungen mehr, und die Einstellungen sagen dir, warum.',
      ],
    },
    {
      heading: 'Kalender-Feed',
      items: [
        'Schaltest du den Kalender-Feed ein, erstellt Tempo eine geheime Adresse, über die Kalender-Apps deine Termine und deine offenen Aufgaben mit Fälligkeitsdatum lesen, und deine Google-Termine, wenn du das möchtest.',
        'Wer die Adresse hat, kann sie lesen – gib sie also nur Apps, denen du vertraust. Wir speichern nur einen Fingerabdruck davon (einen Hash), nie die Adresse selbst.',
        'Du kannst sie durch eine neue Adresse ersetzen, womit die alte sofort aufhört zu funktionieren, oder den Feed ausschalten. Auch wenn du dich überall abmeldest oder dein Passwort zurücksetzt, hört sie auf zu funktionieren.',
      ],
    },
    {
      heading: 'Anmeldung',
      items: [
        `Ein Anmeldelink, den du anforderst, wird dir per E-Mail gesendet und funktioniert einmal, innerhalb von ${SIGN_IN_LINK.expiryMs / 60_000} Minuten. Bis dahin speichern wir einen Fingerabdruck davon mit deinem Konto und deiner Adresse, und wir merken uns, wann wir dir zuletzt einen gesendet haben.`,
        `Ein Browser, in dem du dich anmeldest oder einen Anmeldelink öffnest, speichert ein Token von uns, damit wir ihn als deinen erkennen: Fehlversuche Fremder sperren ihn dann nie aus. Wir speichern einen Fingerabdruck der Tokens deiner letzten ${TRUSTED_DEVICES.perAccount} Browser und wann jedes ausgestellt wurde, bis ${TRUSTED_DEVICES.lifetimeMs / DAY_MS} Tage nach dem letzten; wenn du dich überall abmeldest oder dein Passwort zurücksetzt, vergessen wir sie.`,
        'Jeder Browser speichert außerdem eine eigene zufällige ID, mit der wir seine Anmeldeversuche und seine Anfragen nach Codes und Links zählen.',
      ],
    },
    {
      heading: 'Fehlerberichte',
      items: [
        'Wenn etwas schiefgeht, meldet die App den Fehler zusammen mit der Seite und dem Browser, in denen er auftrat, dazu Leistungsmessungen deiner Anfragen und deine Konto-ID, damit wir ihn finden und beheben können.',
        'Eine Sitzungsaufzeichnung, also ein Mitschnitt dessen, was auf dem Bildschirm geschah, wird für 10 % der Sitzungen und für jede Sitzung mit einem Fehler gespeichert. Alle Texte und alles, was du eingibst, werden unkenntlich gemacht und Bilder und Medien blockiert, sodass eine Aufzeichnung nur den Aufbau der Seite zeigt, nie deine Inhalte.',
        'Eine Fehlermeldung, die du sendest, enthält deinen Namen, deine E-Mail-Adresse und deine Beschreibung.',
        'Passwörter, Anmelde-Tokens und die Inhalte deiner Ziele, Aufgaben und Termine werden nie gesendet.',
        'Die Berichte gehen an den Dienst für Fehlerberichte, den wir für Tempo nutzen (Sentry oder ein eigener Server, der dessen Protokoll spricht), wo nur das Tempo-Team sie liest. Sie werden so lange aufbewahrt, wie dieser Dienst sie speichert: in Sentrys Standardeinstellung 90 Tage für Fehler, Fehlermeldungen und Aufzeichnungen und 30 Tage für Leistungsmessungen.',
        'Ist auf dem Server keine Fehlerberichterstattung eingerichtet, wird nichts gesendet.',
      ],
    },
    {
      heading: 'Keine Gewährleistung',
      text: 'Die Beta wird „wie sie ist“ bereitgestellt, ohne jede Gewährleistung. Soweit gesetzlich zulässig, haften wir nicht für Verluste, die aus ihrer Nutzung entstehen.',
    },
    {
      heading: 'Sicherheit',
      text: 'Deine Daten werden verschlüsselt übertragen und verschlüsselt gespeichert. Nur dein angemeldetes Konto kann sie lesen, und unser Anmeldedienst speichert Passwörter nur als gesalzene Hashes. Kein System ist vollkommen sicher – verwende also bitte ein Passwort, das du nirgendwo sonst nutzt.',
    },
  ],
  deletion: {
    heading: 'Löschanfragen',
    before: 'Um dein Konto und deine Daten zu löschen, schreib an',
    after: 'von der Adresse, mit der du dich registriert hast. Wir bearbeiten Löschanfragen innerhalb von 30 Tagen.',
  },
  changes: {
    heading: 'Änderungen dieser Bedingungen',
    text: 'Wir können diese Bedingungen im Laufe der Beta anpassen. Das Datum oben zeigt die letzte Änderung; wenn du Tempo danach weiter nutzt, akzeptierst du die neuen Bedingungen.',
  },
} satisfies PrivacyTexts;
