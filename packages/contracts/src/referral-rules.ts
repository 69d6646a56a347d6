// Referrals (issue 33 item 3, decision 0119): a reader's link `/?ref=<code>`, the friend's 10 %
// off their first payment and the reader's free month once that payment is settled. The API's
// rules and the account card's words both come from here. No Zod in this file: the landing's
// welcome-discount notice reads it, and the landing's entry carries no Zod (decision 0057);
// the schemas are in referrals.ts.

/** The friend's discount on their first payment, a percentage. */
export const REFERRAL_DISCOUNT_PERCENT = 10;
/** What the reader gets for each friend whose first payment is settled. */
export const REFERRAL_REWARD_MONTHS = 1;
/** At most this many free months in any 365 days. */
export const REFERRAL_MAX_MONTHS_PER_YEAR = 12;
/** A first payment is settled when it has not been refunded this many days after it. */
export const REFERRAL_SETTLE_DAYS = 14;

/** Codes are 8 characters of an alphabet without look-alikes (no 0/o, 1/l/i), lower case. */
export const REFERRAL_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_RE = /^[a-hjkmnp-z2-9]{8}$/;

/** The code as a link carried it (`ref` is kept by the attribution cookie as typed): lower-cased,
 * or null when it cannot be a referral code. */
export function normalizeReferralCode(raw: string | null | undefined): string | null {
  const code = raw?.trim().toLowerCase() ?? '';
  return REFERRAL_CODE_RE.test(code) ? code : null;
}

/** The link a reader shares: the landing page with their code. */
export const referralUrl = (appUrl: string, code: string): string =>
  `${appUrl.replace(/\/+$/, '')}/?ref=${code}`;

/** An e-mail as a mailbox: lower case, without a `+tag`, and for Gmail without dots, so
 * `ana.g+amigo@gmail.com` and `anag@googlemail.com` are the same person (self-referral). */
export function mailboxOf(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at).split('+')[0] ?? '';
  let domain = lower.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

/** The promotion code made for a referred reader: `AMIGO-` and 8 characters of the same
 * alphabet, upper-cased as codes are shown. */
export const REFERRAL_PROMOTION_PREFIX = 'AMIGO-';

export const REFERRAL_TEXT = {
  cardTitle: 'Invita a un amigo',
  cardIntro: `Comparte tu enlace. Tu amigo tiene un ${REFERRAL_DISCOUNT_PERCENT} % de descuento en su primer pago y tú, un mes de suscripción gratis cuando ese pago se confirma (${REFERRAL_SETTLE_DAYS} días sin reembolso).`,
  linkLabel: 'Tu enlace de invitación',
  copy: 'Copiar enlace',
  copied: 'Enlace copiado.',
  copyFailed: 'No se pudo copiar. Selecciona el enlace y cópialo a mano.',
  share: 'Compartir',
  shareText: `Te invito a MagoTips: ${REFERRAL_DISCOUNT_PERCENT} % de descuento en tu primer pago.`,
  signedUp: 'Se registraron',
  paid: 'Pagaron',
  rewardsTitle: 'Meses gratis recibidos',
  noRewards: 'Aún no tienes meses gratis. Llegarán cuando tus amigos paguen.',
  reward: (friend: string) => `1 mes gratis por invitar a ${friend}`,
  yearCount: (months: number) =>
    `${months} de ${REFERRAL_MAX_MONTHS_PER_YEAR} meses gratis en los últimos 12 meses.`,
  capReached: `Has llegado al máximo de ${REFERRAL_MAX_MONTHS_PER_YEAR} meses gratis en 12 meses: tus amigos siguen teniendo su descuento.`,
  loading: 'Cargando tu enlace de invitación...',
  loadError: 'No se pudo cargar tu enlace de invitación. Inténtalo de nuevo.',
  retry: 'Reintentar',
  /** Shown to a referred reader before their first payment (plans, packs, checkout). */
  welcomeDiscount: (percent: number) =>
    `Vienes invitado por un amigo: tienes un ${percent} % de descuento en tu primer pago. Se aplica en la página de pago.`,
} as const;
