import { MSG } from '@magotips/contracts/messages';
import { publishAtProblem } from '@magotips/contracts/publish-schedule';
import { ZTipForm, type TManagementTip, type TTipRequest } from '@magotips/contracts/tips';
import { z } from 'zod';
import { readBet, type Bet } from './bet-fields-schema';

export type TipFormMode = 'create' | 'edit';

/** The date and time inputs name a moment in the editor's own time zone. */
export function combineDateTime(date: string, time: string): Date {
  return new Date(`${date}T${time}`);
}

type TipFormSchemaOptions = {
  now?: () => Date;
  /** Pick, odds and stake must be filled (betRequired); by default on creation only. */
  requireBet?: boolean;
};

/**
 * ZTipForm with the bet's text fields, read by the contract's rules (readBet), plus on creation
 * only the rule that the match is still to come (SPEC.md §5): editing an old tip, e.g. to fix a
 * typo after the match, must stay possible. The output carries the bet read, or null for none.
 */
export function tipFormSchema(mode: TipFormMode, options: TipFormSchemaOptions = {}) {
  const now = options.now ?? (() => new Date());
  const requireBet = options.requireBet ?? mode === 'create';
  return ZTipForm.extend({
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
      for (const issue of readBet(values, requireBet).issues) {
        ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
      }
      checkSchedule(values, now(), ctx);
      if (mode === 'edit') return;
      const when = combineDateTime(values.date, values.time);
      if (!Number.isNaN(when.getTime()) && when.getTime() <= now().getTime()) {
        ctx.addIssue({ code: 'custom', path: ['date'], message: MSG.matchDateFuture });
      }
    })
    .transform(({ pick, odds, stake, bookmaker, schedule, publishDate, publishTime, ...rest }) => ({
      ...rest,
      bet: readBet({ pick, odds, stake, bookmaker }, requireBet).bet,
      publishAt:
        schedule && !rest.isPublished
          ? combineDateTime(publishDate, publishTime).toISOString()
          : null,
    }));
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

function betFields(bet: Bet | null): Pick<TTipRequest, 'pick' | 'odds' | 'stake' | 'bookmaker'> {
  // No bet: none of its fields, so an old tip without one stays without one.
  return bet ? { pick: bet.pick, odds: bet.odds, stake: bet.stake, bookmaker: bet.bookmaker } : {};
}

/**
 * The body of POST or PUT. After kick-off (`tip.locked`) the server refuses any change to the
 * bet, the category or the date: the body repeats the stored category and date word for word
 * (the inputs drop seconds) and leaves pick, odds and stake out; the bookmaker may still change.
 */
export function toTipRequest(values: TipFormOutput, tip?: TManagementTip): TTipRequest {
  const common = {
    icon: values.icon,
    title: values.title,
    analisis: values.analisis,
    isPublished: values.isPublished,
    // A schedule, or null to end the one the tip had; otherwise SPEC.md's body as it was.
    ...(values.publishAt !== null || tip?.publishAt ? { publishAt: values.publishAt } : {}),
  };
  if (tip?.locked) {
    return {
      ...common,
      matchDate: tip.matchDate,
      category: tip.category,
      ...(values.bet ? { bookmaker: values.bet.bookmaker } : {}),
    };
  }
  return {
    ...common,
    matchDate: combineDateTime(values.date, values.time).toISOString(),
    category: values.category,
    ...betFields(values.bet),
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
