export type SocialNetwork = 'tiktok' | 'twitch' | 'telegram' | 'whatsapp';

export type SocialLink = {
  network: SocialNetwork;
  name: string;
  purpose: string;
  href: string;
};

/** The brand's four channels (SPEC.md §1): short videos, live streams, notifications, support. */
export const SOCIAL_LINKS: readonly SocialLink[] = [
  {
    network: 'tiktok',
    name: 'TikTok',
    purpose: 'Vídeos cortos con análisis',
    href: 'https://www.tiktok.com/@magotips',
  },
  {
    network: 'twitch',
    name: 'Twitch',
    purpose: 'Directos de los partidos',
    href: 'https://www.twitch.tv/magotips',
  },
  {
    network: 'telegram',
    name: 'Telegram',
    purpose: 'Comunidad y notificaciones',
    href: 'https://t.me/magotips',
  },
  {
    network: 'whatsapp',
    name: 'WhatsApp',
    purpose: 'Soporte técnico',
    href: 'https://wa.me/message/MAGOTIPS',
  },
];
