import { useId, useRef, useState, type FormEvent } from 'react';
import { describedBy, FieldError } from '../components/field-error';

export const DATE_JUMP_LABEL = 'Ir a la fecha del partido';
export const DATE_JUMP_REQUIRED = 'Elige una fecha para ir a ella.';

/** The last instant of a local day ("2026-06-01" from the date input), as an ISO instant: the
 * list then starts with that day's latest match and goes back from there. */
export function endOfLocalDay(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const end = new Date(year, month - 1, date, 23, 59, 59, 999);
  // "2026-02-31" would roll over into March: not a day the editor asked for.
  if (year < 1000 || end.getMonth() !== month - 1 || end.getDate() !== date) return null;
  return end.toISOString();
}

type TipDateJumpProps = {
  /** The day the list was last taken to (a jump, or a saved tip's date), to show in the field. */
  day: string;
  onDayChange: (day: string) => void;
  onJump: (at: string) => void;
  /** Shown when the list is not at its top: back to the latest matches. */
  onTop: (() => void) | null;
  busy: boolean;
};

/** The date jump above the editor's list: the browser's date field (dd/mm/aaaa in Spanish, as
 * the tip form's), Ir, and back to the latest matches. */
export function TipDateJump({ day, onDayChange, onJump, onTop, busy }: TipDateJumpProps) {
  const id = useId();
  const [error, setError] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const at = endOfLocalDay(day);
    if (!at) {
      setError(DATE_JUMP_REQUIRED);
      // Back to the field, whose description now reads the message out.
      input.current?.focus();
      return;
    }
    setError(undefined);
    onJump(at);
  }

  return (
    <form className="date-jump" onSubmit={submit} noValidate aria-busy={busy}>
      <label className="editor-label date-jump__label" htmlFor={`${id}-day`}>
        {DATE_JUMP_LABEL}
      </label>
      <div className="date-jump__row">
        <input
          id={`${id}-day`}
          className="editor-input date-jump__input"
          type="date"
          value={day}
          ref={input}
          {...describedBy(`${id}-error`, error)}
          onChange={(event) => {
            setError(undefined);
            onDayChange(event.target.value);
          }}
        />
        <button type="submit" className="btn btn--small btn--gold">
          Ir
        </button>
        {onTop ? (
          <button type="button" className="btn btn--small btn--outline" onClick={onTop}>
            Más recientes
          </button>
        ) : null}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </form>
  );
}
