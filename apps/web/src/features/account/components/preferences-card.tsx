import { isCountryCode } from '@magotips/contracts/countries';
import { PROFILE_TEXT } from '@magotips/contracts/profile';
import { useState, type FormEvent } from 'react';
import { CallError } from '../../../components/form/call-error';
import { FormAlert } from '../../../components/form/form-alert';
import { CountryZoneFields } from '../../../components/preferences/country-zone-fields';
import { browserPreferences, listedZone } from '../../../lib/reader-zone';
import { useSession } from '../../../lib/session/session-context';
import type { TSessionUser } from '../../../lib/session/session-user';
import { useUpdateProfile } from '../api/update-profile';

export const PREFERENCES_TEXT = {
  title: 'Preferencias',
  lead: 'Tu país elige el recurso de ayuda que te mostramos; tu zona horaria, la hora de cada partido, aviso y correo.',
  submit: 'Guardar preferencias',
  submitting: 'Guardando...',
  failed: 'No pudimos guardar tus preferencias. Intenta nuevamente.',
} as const;

/** What the account has, or the browser's for a user stored by an older build. */
function current(user: TSessionUser) {
  const fallback = browserPreferences();
  return {
    country: isCountryCode(user.country) ? user.country : fallback.country,
    timeZone: user.timeZone ? listedZone(user.timeZone) : fallback.timeZone,
  };
}

/** Country and time zone (issue 32 item 1, decision 0114): saved with PATCH /api/auth/me, and
 * the stored session takes the answer's user, so every time on the site follows at once. */
export function PreferencesCard({ user }: { user: TSessionUser }) {
  const { token, setSession } = useSession();
  const save = useUpdateProfile();
  const [values, setValues] = useState(() => current(user));

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(values, {
      onSuccess: ({ user: saved }) => {
        if (token) setSession(saved, token);
      },
    });
  }

  return (
    <section className="account-card" aria-labelledby="preferences-title">
      <h2 id="preferences-title" className="account-card__title">
        {PREFERENCES_TEXT.title}
      </h2>
      <p className="account-card__text">{PREFERENCES_TEXT.lead}</p>
      <form className="form" noValidate onSubmit={submit}>
        <CountryZoneFields
          country={values.country}
          timeZone={values.timeZone}
          disabled={save.isPending}
          onChange={(next) => {
            setValues(next);
            // The last answer is about what was sent: a change makes it stale.
            if (!save.isIdle && !save.isPending) save.reset();
          }}
        />
        <CallError call={save} fallback={PREFERENCES_TEXT.failed} />
        {save.isSuccess ? (
          <FormAlert tone="success" key={save.submittedAt}>
            {save.data.message || PROFILE_TEXT.saved}
          </FormAlert>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="btn btn--gold" disabled={save.isPending}>
            {save.isPending ? PREFERENCES_TEXT.submitting : PREFERENCES_TEXT.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
