import { z } from 'zod';

// A reader's pause (issue 32 item 3, decision 0116): the rule POST /api/account/pause, the
// account card and every refusal read.

export const PAUSE_MONTHS = [1, 3, 6] as const;
export type PauseMonths = (typeof PAUSE_MONTHS)[number];
/** An indefinite pause may be lifted on request once it has lasted this long... */
export const INDEFINITE_PAUSE_LIFTABLE_AFTER_MONTHS = 6;
/** ...and the lifting takes effect this many days after the request. */
export const PAUSE_LIFT_DELAY_DAYS = 7;

export const PAUSE_TEXT = {
  monthsInvalid: 'Elige una pausa de 1, 3 o 6 meses, o indefinida.',
  passwordRequired: 'Introduce tu contraseña para confirmar la pausa.',
  passwordWrong: 'La contraseña no es correcta.',
  /** A Google-only account has no password to confirm with. */
  noPassword:
    'Tu cuenta no tiene contraseña. Crea una con «¿Olvidaste tu contraseña?» para poder pausarla.',
  alreadyPaused: 'Tu cuenta ya está en pausa.',
  notPaused: 'Tu cuenta no está en pausa.',
  /** Asking to lift a dated pause, or an indefinite one before 6 months. */
  cannotLift: (from: string | null) =>
    from
      ? `Una pausa indefinida solo puede levantarse a partir del ${from}.`
      : 'Una pausa con fecha de fin no puede levantarse antes de que termine.',
  liftAlreadyRequested: (date: string) => `Ya pediste levantar la pausa. Terminará el ${date}.`,
  pausedUntil: (date: string) => `Tu cuenta está en pausa hasta el ${date}.`,
  pausedIndefinitely: 'Tu cuenta está en pausa indefinida.',
  /** The 409 PAUSED of a purchase or a gift. */
  refused: (date: string | null) =>
    date
      ? `Tu cuenta está en pausa hasta el ${date}: hasta entonces no puedes hacer compras ni regalos.`
      : 'Tu cuenta está en pausa indefinida: no puedes hacer compras ni regalos.',
  confirmed: (date: string | null) =>
    date
      ? `Tu cuenta queda en pausa hasta el ${date}. No recibirás alertas ni podrás comprar hasta entonces.`
      : 'Tu cuenta queda en pausa indefinida. No recibirás alertas ni podrás comprar.',
  liftRequested: (date: string) =>
    `Has pedido levantar la pausa. Por tu protección, terminará el ${date}.`,
} as const;

const ZPauseMonthsValue = z.union([z.literal(1), z.literal(3), z.literal(6), z.null()], {
  error: PAUSE_TEXT.monthsInvalid,
});

/** POST /api/account/pause. `months: null` is indefinite. */
export const ZPauseRequest = z.object({
  months: ZPauseMonthsValue,
  password: z
    .string({ error: PAUSE_TEXT.passwordRequired })
    .min(1, PAUSE_TEXT.passwordRequired)
    .max(200),
});
export type TPauseRequest = z.infer<typeof ZPauseRequest>;

/** POST /api/account/pause/lift: only an indefinite pause, only after 6 months. */
export const ZPauseLiftRequest = z.object({
  password: ZPauseRequest.shape.password,
});
export type TPauseLiftRequest = z.infer<typeof ZPauseLiftRequest>;

/** Adds calendar months in UTC, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** Whether a pause started at `pausedAt` and ending at `pausedUntil` (null: never) holds at `now`. */
export function isPausedAt(
  pause: { pausedAt: Date | null; pausedUntil: Date | null },
  now: Date,
): boolean {
  if (!pause.pausedAt) return false;
  return pause.pausedUntil === null || pause.pausedUntil.getTime() > now.getTime();
}
