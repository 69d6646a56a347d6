import { MSG } from '@magotips/contracts/messages';
import { publishAtProblem } from '@magotips/contracts/publish-schedule';
import { titleGivesPickAway } from '@magotips/contracts/vip-title';
import { ZTipForm, type TManagementTip, type TTipRequest } from '@magotips/contracts/tips';
import { z } from 'zod';
import { readBet, type Bet } from './bet-fields-schema';

/** "Con apuesta" or "Análisis sin apuesta" (the proof issue, item 5): chosen, never implied by
 * empty fields, so a tip that forgot its bet can't slip out of the record unnoticed. */
export const BET_MODES = ['bet', 'none'] as const;
export type BetMode = (typeof BET_MODES)[number];

export type TipFormMode = 'create' | 'edit';

/** The date and time inputs name a moment in the editor's own time zone. */
export function combineDateTime(date: string, time: string): Date {
  return new Date(`${date}T${time}`);
}

type TipFormSchemaOptions = {
  now?: () => Date;
  /** The stored match date of the tip being edited: kept unchanged it may be past (the API's
   * rule, checkWrite); any other date must be ahead of now, as on creation. */
  storedMatchDate?: string;
};

/** Whether the inputs still name the stored kick-off (they drop its seconds). */
export function isStoredDate(date: string, time: string, stored: string | undefined): boolean {
  if (!stored) return false;
  const split = splitDateTime(stored);
  return split.date === date && split.time === time;
}

/**
 * ZTipForm with the bet's text fields, read by the contract's rules (readBet) when the editor
 * chose "Con apuesta", the VIP-title rule of the contract (titleGivesPickAway), and the API's
 * date rule: a match date that is new must be in the future (SPEC.md §5; the proof issue, item
 * 1), the stored one may stay as it is. The output carries the bet read, or null for none.
 */
export function tipFormSchema(mode: TipFormMode, options: TipFormSchemaOptions = {}) {
  const now = options.now ?? (() => new Date());
  const stored = mode === 'edit' ? options.storedMatchDate : undefined;
  return ZTipForm.extend({
    betMode: z.enum(BET_MODES),
    pick: z.string(),
    odds: z.string(),
    stake: z.string(),
    bookmaker: z.string(),
    // "Programar publicación" (issue 15 item 2): offered while "Publicado" is off.
    schedule: z.boolean(),
    publishDate: z.string(),
    publishTime: z.string(),
  })
    .superRefine((values, ctx) => {
      const withBet = values.betMode === 'bet';
      if (withBet) {
        for (const issue of readBet(values).issues) {
          ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
        }
      }
      if (withBet && values.category === 'premium' && titleGivesPickAway(values.title, values.pick))
        ctx.addIssue({ code: 'custom', path: ['title'], message: MSG.vipTitleHasPick });
      checkSchedule(values, now(), ctx);
      if (isStoredDate(values.date, values.time, stored)) return;
      const when = combineDateTime(values.date, values.time);
      if (!Number.isNaN(when.getTime()) && when.getTime() <= now().getTime()) {
        ctx.addIssue({ code: 'custom', path: ['date'], message: MSG.matchDateFuture });
      }
    })
    .transform(
      ({ betMode, pick, odds, stake, bookmaker, schedule, publishDate, publishTime, ...rest }) => ({
        ...rest,
        bet: betMode === 'bet' ? readBet({ pick, odds, stake, bookmaker }).bet : null,
        publishAt:
          schedule && !rest.isPublished
            ? combineDateTime(publishDate, publishTime).toISOString()
            : null,
      }),
    );
}

type ScheduleValues = {
  isPublished: boolean;
  schedule: boolean;
  publishDate: string;
  publishTime: string;
  date: string;
  time: string;
};

/** The contract's rule for a scheduled publication, on the form's inputs. */
function checkSchedule(values: ScheduleValues, now: Date, ctx: z.RefinementCtx): void {
  if (values.isPublished || !values.schedule) return;
  if (!values.publishDate || !values.publishTime) {
    const path = values.publishDate ? 'publishTime' : 'publishDate';
    ctx.addIssue({ code: 'custom', path: [path], message: MSG.publishAtRequired });
    return;
  }
  const match = combineDateTime(values.date, values.time);
  if (Number.isNaN(match.getTime())) return;
  const problem = publishAtProblem(
    combineDateTime(values.publishDate, values.publishTime),
    match,
    now,
  );
  if (problem) ctx.addIssue({ code: 'custom', path: ['publishDate'], message: problem });
}

export type TipFormInput = z.input<ReturnType<typeof tipFormSchema>>;
export type TipFormOutput = z.output<ReturnType<typeof tipFormSchema>>;

function betFields(
  bet: Bet | null,
  tip: TManagementTip | undefined,
): Pick<TTipRequest, 'pick' | 'odds' | 'stake' | 'bookmaker'> {
  if (bet) return { pick: bet.pick, odds: bet.odds, stake: bet.stake, bookmaker: bet.bookmaker };
  // "Análisis sin apuesta": a stored bet is cleared (allowed before kick-off); a tip without one
  // is sent without any of its fields, as SPEC.md's body makes a tip.
  return tip?.pick ? { pick: null, odds: null, stake: null, bookmaker: null } : {};
}

/**
 * The body of POST or PUT. After kick-off (`tip.locked`) the server refuses any change to the
 * match (title, sport, date, category) or the bet: the body repeats the stored values word for
 * word (the date inputs drop seconds) and leaves the bet out, so only the analysis and the
 * publication can change. An unchanged date is sent as stored for the same reason.
 */
export function toTipRequest(values: TipFormOutput, tip?: TManagementTip): TTipRequest {
  const common = {
    analisis: values.analisis,
    isPublished: values.isPublished,
    // A schedule, or null to end the one the tip had; otherwise SPEC.md's body as it was.
    ...(values.publishAt !== null || tip?.publishAt ? { publishAt: values.publishAt } : {}),
  };
  if (tip?.locked) {
    return {
      ...common,
      icon: tip.icon as TTipRequest['icon'],
      title: tip.title,
      matchDate: tip.matchDate,
      category: tip.category,
    };
  }
  return {
    ...common,
    icon: values.icon,
    title: values.title,
    matchDate:
      tip && isStoredDate(values.date, values.time, tip.matchDate)
        ? tip.matchDate
        : combineDateTime(values.date, values.time).toISOString(),
    category: values.category,
    ...betFields(values.bet, tip),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored match date back into the two inputs, in the editor's time zone. */
export function splitDateTime(iso: string): { date: string; time: string } {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return { date: '', time: '' };
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}
