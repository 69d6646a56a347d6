import { COUNTRIES, countryFromTimeZone, isCountryCode, type CountryCode } from '@magotips/contracts/countries';
import { TIME_ZONE_CHOICES, zonePlace } from '@magotips/contracts/time-zone';
import { useId } from 'react';
import { browserTimeZone, listedZone } from '../../lib/reader-zone';

export const PREFERENCE_LABELS = { country: 'País', timeZone: 'Zona horaria' } as const;

/** The zones offered: the curated list, plus the current one and the browser's where they are
 * not on it, each named after its city ("Tokyo"). */
function zoneOptions(current: string): { zone: string; place: string }[] {
  const extra = [...new Set([current, listedZone(browserTimeZone())])]
    .filter((zone) => !TIME_ZONE_CHOICES.some((c) => c.zone === zone))
    .map((zone) => ({ zone, place: zonePlace(zone) }));
  return [...extra, ...TIME_ZONE_CHOICES];
}

type CountryZoneFieldsProps = {
  country: CountryCode;
  timeZone: string;
  onChange: (next: { country: CountryCode; timeZone: string }) => void;
  disabled?: boolean;
};

/**
 * "País" and "Zona horaria" (decision 0114), side by side from 640 px and stacked on a phone.
 * Choosing a country whose clock the current zone is not brings that country's main zone with
 * it (someone moving from Madrid to Mexico City changes one field, not two); the zone can still
 * be set apart, for a country with several.
 */
export function CountryZoneFields({
  country,
  timeZone,
  onChange,
  disabled,
}: CountryZoneFieldsProps) {
  const id = useId();
  return (
    <div className="form__row">
      <div className="field">
        <label htmlFor={`${id}-country`} className="field__label">
          {PREFERENCE_LABELS.country}
        </label>
        <select
          id={`${id}-country`}
          className="field__input field__select"
          value={country}
          disabled={disabled}
          onChange={(event) => {
            const next = event.target.value;
            if (!isCountryCode(next)) return;
            const own = COUNTRIES.find((c) => c.code === next);
            const follows = next !== 'OTHER' && countryFromTimeZone(timeZone) !== next && own;
            onChange({ country: next, timeZone: follows ? own.timeZone : timeZone });
          }}
        >
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-zone`} className="field__label">
          {PREFERENCE_LABELS.timeZone}
        </label>
        <select
          id={`${id}-zone`}
          className="field__input field__select"
          value={timeZone}
          disabled={disabled}
          onChange={(event) => onChange({ country, timeZone: event.target.value })}
        >
          {zoneOptions(timeZone).map((c) => (
            <option key={c.zone} value={c.zone}>
              {c.place}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
