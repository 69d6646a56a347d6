import { BET_LIMITS } from '@magotips/contracts/track-record';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../components/form-field';
import type { BetText } from './bet-fields-schema';

export const ODDS_HINT = 'Cuota decimal, con coma o punto. Ej.: 1,85';

type BetFieldsProps = {
  /** Builds the fields' ids. */
  id: (name: string) => string;
  register: (name: keyof BetText) => UseFormRegisterReturn;
  errors: Partial<Record<keyof BetText, string | undefined>>;
  /** After kick-off: every field of the bet is disabled and described by this note. */
  lockedNoteId: string | undefined;
};

/** The bet of a tip (issue 14): what is played, at what odds, with how many units, and where.
 * Shown only for "Con apuesta"; the form's bet choice is its heading. */
export function BetFields({ id, register, errors, lockedNoteId }: BetFieldsProps) {
  const disabled = lockedNoteId !== undefined;
  return (
    <div className="bet-fields">
      <TextField
        id={id('pick')}
        label="Pronóstico"
        error={errors.pick}
        noteId={lockedNoteId}
        registration={register('pick')}
        input={{ placeholder: 'Gana Real Madrid', disabled }}
      />
      <div className="editor-form__row">
        <TextField
          id={id('odds')}
          label="Cuota"
          error={errors.odds}
          hint={ODDS_HINT}
          noteId={lockedNoteId}
          registration={register('odds')}
          input={{ inputMode: 'decimal', spellCheck: false, disabled }}
        />
        <TextField
          id={id('stake')}
          label="Stake (unidades)"
          error={errors.stake}
          hint={`Unidades enteras, de ${BET_LIMITS.stakeMin} a ${BET_LIMITS.stakeMax}.`}
          noteId={lockedNoteId}
          registration={register('stake')}
          input={{
            type: 'number',
            inputMode: 'numeric',
            step: 1,
            min: BET_LIMITS.stakeMin,
            max: BET_LIMITS.stakeMax,
            disabled,
          }}
        />
      </div>
      <TextField
        id={id('bookmaker')}
        label="Casa de apuestas (opcional)"
        error={errors.bookmaker}
        noteId={lockedNoteId}
        registration={register('bookmaker')}
        input={{ disabled }}
      />
    </div>
  );
}
