import { SIGN_IN_LINK, TRUSTED_DEVICES } from '../../../../shared/constants';
import { DAY_MS } from '../../../../shared/dates';
import type { PrivacyTexts } from '../catalogue-types';

/** Spanish: the privacy and terms page, a catalogue part of its own: only that page downloads it. */
export default {
  documentTitle: 'Privacidad y condiciones · Tempo',
  title: 'Privacidad y condiciones',
  lastUpdated: (day: string) => `Última actualización: ${day}`,
  sections: [
    {
      heading: 'Aviso sobre la beta',
      text: 'Tempo está en beta. Las funciones pueden cambiar, fallar o desaparecer, y el servicio puede no estar disponible en algunos momentos. Guarda tu propia copia de lo que no te puedas permitir perder.',
    },
    {
      heading: 'Cómo usamos tus datos',
      text: 'Guardamos tu nombre y tu correo para gestionar tu cuenta, y los objetivos, tareas, eventos y etiquetas que creas para mostrártelos. Lo que le dices al asistente de voz se procesa para llevar a cabo tus peticiones. No vendemos tus datos ni los usamos para publicidad.',
    },
    {
      heading: 'Servicios de terceros',
      items: [
        'Amazon Web Services aloja la aplicación, guarda tus datos y envía nuestros correos.',
        'ElevenLabs procesa las conversaciones de voz con el asistente.',
        'Solo se accede a Google Calendar si lo conectas. Tempo lee entonces tus eventos y, en cuanto le permites hacer cambios, escribe en tu Google Calendar: los eventos que creas, cambias o eliminas en Tempo también se crean, cambian o eliminan allí.',
        'El servicio de notificaciones push de tu navegador (el de Google para Chrome, el de Mozilla para Firefox, el de Apple para Safari) entrega los recordatorios que eliges recibir como notificaciones, cifrados para que solo tu navegador pueda leerlos.',
      ],
    },
    {
      heading: 'Recordatorios',
      items: [
        'Los recordatorios aparecen en pantalla, en cada pestaña donde Tempo está abierto.',
        'Si activas las notificaciones en un navegador, este nos da una dirección en su servicio de notificaciones push. Guardamos esa dirección y el nombre del navegador para enviarle tus recordatorios, hasta que desactives allí las notificaciones o cierres la sesión en todas partes.',
        'Si activas los recordatorios por correo, te los enviamos, con el título y la hora del elemento, a la dirección con la que iniciaste sesión.',
        'Si un correo de recordatorio es rechazado definitivamente o se marca como spam, nuestro servicio de correo nos lo comunica. Entonces guardamos esa dirección con el motivo y la fecha, no le enviamos más recordatorios, y la configuración te dice por qué.',
      ],
    },
    {
      heading: 'Feed del calendario',
      items: [
        'Si activas el feed del calendario, Tempo crea una dirección secreta desde la que las aplicaciones de calendario leen tus eventos y tus tareas abiertas con fecha de vencimiento, y tus eventos de Google si lo eliges.',
        'Cualquiera que tenga la dirección puede leerlos, así que dásela solo a aplicaciones de confianza. Solo guardamos una huella de ella (un hash), nunca la dirección en sí.',
        'Puedes sustituirla por una dirección nueva, con lo que la anterior deja de funcionar al instante, o desactivar el feed. También deja de funcionar si cierras la sesión en todas partes o restableces tu contraseña.',
      ],
    },
    {
      heading: 'Inicio de sesión',
      items: [
        `Un enlace de inicio de sesión que pides te llega por correo y funciona una vez, en un plazo de ${SIGN_IN_LINK.expiryMs / 60_000} minutos. Hasta entonces guardamos una huella de él con tu cuenta y tu dirección, y anotamos cuándo te enviamos uno por última vez.`,
        `Un navegador con el que inicias sesión, o en el que abres un enlace de inicio de sesión, guarda un token nuestro para que lo reconozcamos como tuyo: así los intentos fallidos de otras personas nunca lo bloquean. Guardamos una huella de los tokens de tus últimos ${TRUSTED_DEVICES.perAccount} navegadores y cuándo se emitió cada uno, hasta ${TRUSTED_DEVICES.lifetimeMs / DAY_MS} días después del último; si cierras la sesión en todas partes o restableces tu contraseña, los olvidamos.`,
        'Cada navegador guarda además un identificador aleatorio propio, con el que contamos sus intentos de inicio de sesión y sus solicitudes de códigos y enlaces.',
      ],
    },
    {
      heading: 'Informes de errores',
      items: [
        'Cuando algo falla, la aplicación informa del error con la página y el navegador en que ocurrió, junto con trazas de rendimiento de tus peticiones y el identificador de tu cuenta, para que podamos encontrarlo y corregirlo.',
        'Se guarda una grabación de la sesión, un registro de lo que pasó en la pantalla, del 10 % de las sesiones y de todas las sesiones en que se produce un error. Todo el texto y todo lo que escribes quedan ocultos, y las imágenes y los contenidos multimedia se bloquean, así que una grabación muestra la estructura de la página, nunca tu contenido.',
        'Un informe de error que envíes incluye tu nombre, tu correo y tus comentarios.',
        'Nunca se envían contraseñas, tokens de inicio de sesión ni el contenido de tus objetivos, tareas y eventos.',
        'Los informes van al servicio de informes de errores que usamos para Tempo (Sentry, o un servidor propio que habla su protocolo), donde solo los lee el equipo de Tempo. Se conservan durante el plazo de retención de ese servicio: con la configuración predeterminada de Sentry, 90 días para errores, informes de error y grabaciones, y 30 días para las trazas de rendimiento.',
        'Si el servidor no tiene configurados los informes de errores, no se envía nada.',
      ],
    },
    {
      heading: 'Sin garantía',
      text: 'La beta se ofrece «tal cual», sin garantía de ningún tipo. En la medida en que la ley lo permita, no respondemos de ninguna pérdida derivada de su uso.',
    },
    {
      heading: 'Seguridad',
      text: 'Tus datos viajan cifrados y se guardan cifrados. Solo tu cuenta, con la sesión iniciada, puede leerlos, y nuestro servicio de autenticación guarda las contraseñas solo como hashes con sal. Ningún sistema es perfectamente seguro, así que usa una contraseña que no uses en otro sitio.',
    },
  ],
  deletion: {
    heading: 'Solicitudes de eliminación',
    before: 'Para eliminar tu cuenta y tus datos, escribe a',
    after: 'desde la dirección con la que te registraste. Tramitamos las solicitudes de eliminación en un plazo de 30 días.',
  },
  changes: {
    heading: 'Cambios en estas condiciones',
    text: 'Podemos actualizar estas condiciones a medida que evolucione la beta. La fecha de arriba indica el último cambio; si sigues usando Tempo después, aceptas las nuevas condiciones.',
  },
} satisfies PrivacyTexts;
