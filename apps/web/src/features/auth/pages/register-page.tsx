// First: Zod's settings (jitless under the CSP, Spanish texts) must precede any schema built.
import '../../../lib/spanish-zod';
import {
  ZRegisterForm,
  type TRegisterForm,
  type TRegisterRequest,
} from '@magotips/contracts/new-password';
import { withNext } from '@magotips/contracts/next-path';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Link } from 'react-router';
import { useRegister } from '../api/register';
import { AuthCard } from '../../../components/form/auth-card';
import { BirthDateField } from '../components/birth-date-field';
import { CheckEmail, REGISTER_SUCCESS_MESSAGE } from '../components/check-email';
import { CheckboxField, PasswordField, TextField } from '../../../components/form/form-field';
import { GoogleButton } from '../components/google-button';
import { useNextTarget } from '../../../lib/session/next-target';
import { CallError } from '../../../components/form/call-error';
import { CountryZoneFields } from '../../../components/preferences/country-zone-fields';
import { browserPreferences } from '../../../lib/reader-zone';

export { REGISTER_SUCCESS_MESSAGE };
export const REGISTER_FAILED_MESSAGE = 'Error al registrar. Intenta nuevamente.';

// The checkbox holds a boolean; only the schema's output narrows acceptTerms to `true`.
type RegisterFormValues = Omit<TRegisterForm, 'acceptTerms'> & { acceptTerms: boolean };
type RegisterFormOutput = z.output<typeof ZRegisterForm>;
const registerResolver = zodResolver(ZRegisterForm) as unknown as Resolver<
  RegisterFormValues,
  unknown,
  RegisterFormOutput
>;

const EMPTY_FORM: RegisterFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  dateOfBirth: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
  marketingOptIn: false,
};

/** Legal documents open in a new tab so a half-filled form is not lost. */
function DocLink({ hash, children }: { hash: string; children: string }) {
  return (
    <a href={`/docs#${hash}`} target="_blank" rel="noopener">
      {children}
    </a>
  );
}

export default function RegisterPage() {
  const registerCall = useRegister();
  // Where the visitor was going (a safe same-site path): the confirmation link continues there.
  const next = useNextTarget();
  // The address the confirmation went to: "Revisa tu correo" shows instead of the form.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [changingEmail, setChangingEmail] = useState(false);
  // The browser's zone and the country it suggests, both editable before sending (decision 0114).
  const [preferences, setPreferences] = useState(browserPreferences);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<RegisterFormValues, unknown, RegisterFormOutput>({
    resolver: registerResolver,
    defaultValues: EMPTY_FORM,
  });

  // Back from "Revisa tu correo": the form is on the page again, with the address to fix focused.
  useEffect(() => {
    if (!changingEmail || sentTo !== null) return;
    setFocus('email', { shouldSelect: true });
    setChangingEmail(false);
  }, [changingEmail, sentTo, setFocus]);

  const changeEmail = () => {
    // Everything typed stays, the passwords too (issue 29 item 15c): only the address was
    // wrong, and typing a password twice again for it is a chance to get it wrong.
    reset(getValues());
    registerCall.reset();
    setSentTo(null);
    setChangingEmail(true);
  };

  const onSubmit = handleSubmit((values) => {
    // The confirmation stays in the browser; the phone is sent only when given. The opt-in is
    // sent as acceptsNews, always true or false (decision 0042: it is stored as consent and turns
    // on e-mail alerts for free tips).
    const payload: TRegisterRequest = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      password: values.password,
      dateOfBirth: values.dateOfBirth,
      acceptsNews: values.marketingOptIn === true,
      country: preferences.country,
      timeZone: preferences.timeZone,
      ...(values.phone ? { phone: values.phone } : {}),
      ...(next ? { next } : {}),
    };
    registerCall.mutate(payload, { onSuccess: () => setSentTo(values.email) });
  });

  if (sentTo !== null) return <CheckEmail email={sentTo} next={next} onChangeEmail={changeEmail} />;

  return (
    <AuthCard
      title="Crear cuenta"
      lead="Regístrate gratis para leer los tips gratuitos, comprar packs y suscribirte al VIP."
      wide
      footer={
        <>
          ¿Ya tienes cuenta? <Link to={withNext('/login', next)}>Inicia sesión</Link>
        </>
      }
      social={<GoogleButton next={next} preferences={preferences} />}
    >
      <form
        className="form"
        noValidate
        onSubmit={onSubmit}
        // The server's last answer is about what was sent; a change makes it stale.
        onChange={() => {
          if (registerCall.isError) registerCall.reset();
        }}
      >
        <div className="form__row">
          <TextField
            label="Nombre"
            autoComplete="given-name"
            registration={register('firstName')}
            error={errors.firstName?.message}
          />
          <TextField
            label="Apellido"
            autoComplete="family-name"
            registration={register('lastName')}
            error={errors.lastName?.message}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <TextField
          label="Teléfono"
          optional
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="Por ejemplo +34 600 123 456. Puedes usar espacios o guiones."
          registration={register('phone')}
          error={errors.phone?.message}
        />
        <Controller
          control={control}
          name="dateOfBirth"
          render={({ field }) => (
            <BirthDateField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              hint="Debes tener 21 años o más."
              error={errors.dateOfBirth?.message}
            />
          )}
        />
        <CountryZoneFields
          country={preferences.country}
          timeZone={preferences.timeZone}
          // The form's onChange below also clears a stale error.
          onChange={setPreferences}
        />
        <div className="form__row">
          <PasswordField
            label="Contraseña"
            autoComplete="new-password"
            hint="Al menos 6 caracteres."
            // A changed password re-checks its confirmation: no stale "no coinciden".
            registration={register('password', { deps: ['confirmPassword'] })}
            error={errors.password?.message}
          />
          <PasswordField
            label="Confirmar contraseña"
            autoComplete="new-password"
            registration={register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
        </div>
        <CheckboxField registration={register('acceptTerms')} error={errors.acceptTerms?.message}>
          Acepto los <DocLink hash="terminos">Términos y Condiciones</DocLink>, el{' '}
          <DocLink hash="disclaimer">Aviso Legal</DocLink> y la{' '}
          <DocLink hash="privacidad">Política de Privacidad</DocLink>, y confirmo que tengo 21 años
          o más.
        </CheckboxField>
        <CheckboxField registration={register('marketingOptIn')}>
          Quiero recibir novedades y promociones de MagoTips por email.
        </CheckboxField>

        <CallError call={registerCall} fallback={REGISTER_FAILED_MESSAGE} />

        <button
          type="submit"
          className="btn btn--gold btn--block"
          disabled={registerCall.isPending}
        >
          {registerCall.isPending ? 'Registrando...' : 'Crear cuenta'}
        </button>
      </form>
    </AuthCard>
  );
}
