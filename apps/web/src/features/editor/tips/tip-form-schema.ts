import { MSG } from '@magotips/contracts/messages';
import { ZTipForm, type TTipForm, type TTipRequest } from '@magotips/contracts/tips';

export type TipFormMode = 'create' | 'edit';

/** The date and time inputs name a moment in the editor's own time zone. */
export function combineDateTime(date: string, time: string): Date {
  return new Date(`${date}T${time}`);
}

/**
 * ZTipForm, plus on creation only the rule that the match is still to come (SPEC.md §5):
 * editing an old tip, e.g. to fix a typo after the match, must stay possible.
 */
export function tipFormSchema(mode: TipFormMode, now: () => Date = () => new Date()) {
  if (mode === 'edit') return ZTipForm;
  return ZTipForm.superRefine((values, ctx) => {
    const when = combineDateTime(values.date, values.time);
    if (!Number.isNaN(when.getTime()) && when.getTime() <= now().getTime()) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: MSG.matchDateFuture });
    }
  });
}

export function toTipRequest(values: TTipForm): TTipRequest {
  return {
    icon: values.icon,
    title: values.title,
    matchDate: combineDateTime(values.date, values.time).toISOString(),
    analisis: values.analisis,
    category: values.category,
    isPublished: values.isPublished,
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
