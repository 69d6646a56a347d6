import {
  birthDateFromParts,
  birthDatePartsOf,
  type BirthDateParts,
  MONTHS_ES,
} from '@magotips/contracts/birth-date';
import { useId, useState, type Ref } from 'react';

type BirthDateFieldProps = {
  /** YYYY-MM-DD (or the not-valid text of a partial date), as the contract's rule reads it. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Gets the day input: where a wrong date sends the focus. */
  inputRef: Ref<HTMLInputElement>;
  error?: string | undefined;
  hint?: string;
};

/**
 * The date of birth as three fields in Spanish order: día, mes (by name), año. A calendar that
 * opens on today's month would make an adult scroll back decades; typing the year is quicker on
 * a phone, and the browser can fill all three from the profile (autocomplete bday-*). The parts
 * become one YYYY-MM-DD text (contracts' birthDateFromParts) that the form's schema judges with
 * the same 21+ rule as the API.
 */
export function BirthDateField({ value, onChange, onBlur, inputRef, error, hint }: BirthDateFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const [parts, setParts] = useState<BirthDateParts>(() => birthDatePartsOf(value));
  // The form may set the value from outside (a reset, data kept after "Cambiar el email").
  if (birthDateFromParts(parts) !== value) setParts(birthDatePartsOf(value));

  const update = (patch: Partial<BirthDateParts>) => {
    const nextParts = { ...parts, ...patch };
    setParts(nextParts);
    onChange(birthDateFromParts(nextParts));
  };
  const digitsOnly = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);
  const invalid = error ? true : undefined;

  return (
    <fieldset className="field field--date" aria-describedby={describedBy}>
      <legend className="field__label">Fecha de nacimiento</legend>
      <div className="field__date-parts">
        <div className="field__date-part">
          <label htmlFor={`${id}-day`} className="field__sublabel">
            Día
          </label>
          <input
            id={`${id}-day`}
            ref={inputRef}
            className="field__input"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="bday-day"
            placeholder="DD"
            maxLength={2}
            required
            aria-invalid={invalid}
            aria-describedby={describedBy}
            value={parts.day}
            onChange={(event) => update({ day: digitsOnly(event.target.value, 2) })}
            onBlur={onBlur}
          />
        </div>
        <div className="field__date-part">
          <label htmlFor={`${id}-month`} className="field__sublabel">
            Mes
          </label>
          <select
            id={`${id}-month`}
            className="field__input field__select"
            autoComplete="bday-month"
            required
            aria-invalid={invalid}
            aria-describedby={describedBy}
            value={parts.month}
            onChange={(event) => update({ month: event.target.value })}
            onBlur={onBlur}
          >
            <option value="">Mes</option>
            {MONTHS_ES.map((name, index) => (
              <option key={name} value={String(index + 1)}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field__date-part">
          <label htmlFor={`${id}-year`} className="field__sublabel">
            Año
          </label>
          <input
            id={`${id}-year`}
            className="field__input"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="bday-year"
            placeholder="AAAA"
            maxLength={4}
            required
            aria-invalid={invalid}
            aria-describedby={describedBy}
            value={parts.year}
            onChange={(event) => update({ year: digitsOnly(event.target.value, 4) })}
            onBlur={onBlur}
          />
        </div>
      </div>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
