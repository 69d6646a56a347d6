import { TELEGRAM_LINK_MINUTES } from '@magotips/contracts/telegram';

/** The alerts offer's words (issue 31 item 4, decision 0107). */
export const OFFER_TEXT = {
  title: '¿Te avisamos de cada tip nuevo?',
  lead: 'Un toque y listo: te avisamos en cuanto se publique. Puedes cambiarlo cuando quieras en',
  accountLink: 'Mi cuenta',
  dismiss: 'Ahora no',
  loading: 'Comprobando tus avisos...',
  checking: 'Comprobando...',
  on: 'Activado',
  activating: 'Activando...',
  loadError: 'No se pudieron cargar tus avisos.',
  retry: 'Reintentar',
  push: {
    name: 'En este dispositivo',
    action: 'Avisarme en este dispositivo',
    off: 'Al momento, aunque no tengas la web abierta.',
    on: 'Este dispositivo recibe los avisos.',
    unsupported: 'Este navegador no admite notificaciones.',
    denied: 'Bloqueaste las notificaciones: permítelas en los ajustes del sitio.',
    failed: 'No se pudieron activar las notificaciones en este dispositivo',
    saved: 'Avisos activados en este dispositivo.',
  },
  email: {
    name: 'Por e-mail',
    action: 'Avisarme por e-mail',
    off: 'Un e-mail con cada tip nuevo.',
    on: 'Recibes los avisos en tu e-mail.',
    failed: 'No se pudieron activar los avisos por e-mail',
    saved: 'Avisos por e-mail activados.',
  },
  telegram: {
    name: 'Por Telegram',
    action: 'Conectar Telegram',
    connecting: 'Preparando el enlace...',
    off: 'Los mensajes del bot de MagoTips en tu Telegram.',
    on: (username: string | null) =>
      username ? `Conectado como @${username}.` : 'Tu Telegram está conectado.',
    unavailable: 'Telegram no está disponible ahora mismo.',
    open: 'Abrir Telegram',
    waiting: `Pulsa «Iniciar» en el chat del bot (el enlace vale ${TELEGRAM_LINK_MINUTES} minutos).`,
    failed: 'No se pudo preparar el enlace de Telegram',
    loadError: 'No se pudo comprobar tu Telegram.',
    linked: 'Telegram conectado.',
  },
} as const;
