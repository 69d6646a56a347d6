import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export const NO_BET_HINT =
  'Los análisis sin apuesta no entran en el historial: solo cuentan los tips con pronóstico, cuota y stake.';

type BetChoiceProps = {
  id: (name: string) => string;
  register: UseFormRegisterReturn;
  /** After kick-off the choice is fixed with the bet, described by this note. */
  lockedNoteId: string | undefined;
  /** The bet's fields, for "Con apuesta". */
  children: ReactNode;
};

/** "Con apuesta" / "Análisis sin apuesta" (the proof issue, item 5): a radio group, so the
 * arrow keys move between them, and the bet's fields only when there is one. */
export function BetChoice({ id, register, lockedNoteId, children }: BetChoiceProps) {
  const hintId = id('bet-mode-hint');
  return (
    <fieldset
      className="editor-fieldset bet-choice"
      disabled={lockedNoteId !== undefined}
      aria-describedby={[hintId, lockedNoteId].filter(Boolean).join(' ')}
    >
      <legend className="editor-label">Apuesta</legend>
      <div className="choice-row">
        <label className="choice">
          <input type="radio" value="bet" {...register} />
          Con apuesta
        </label>
        <label className="choice">
          <input type="radio" value="none" {...register} />
          Análisis sin apuesta
        </label>
      </div>
      <p id={hintId} className="field-hint">
        {NO_BET_HINT}
      </p>
      {children}
    </fieldset>
  );
}
