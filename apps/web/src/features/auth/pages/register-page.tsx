// First: Zod's settings (jitless under the CSP, Spanish texts) must precede any schema built.
import '../spanish-zod';
import { ZRegisterForm, type TRegisterForm, type TRegisterRequest } from '@magotips/contracts/new-password';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Link } from 'react-router';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { CheckboxField, PasswordField, TextField } from '../components/form-field';
import { GoogleButton } from '../components/google-button';
import { errorText } from '../error-text';

export const REGISTER_SUCCESS_MESSAGE =
  '¡Registro exitoso! Revisa tu email para confirmar tu cuenta y activarla.';
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
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<RegisterFormValues, unknown, RegisterFormOutput>({
    resolver: registerResolver,
    defaultValues: EMPTY_FORM,
  });

  const onSubmit = handleSubmit((values) => {
    // The opt-in and the confirmation stay in the browser (SPEC.md §5); the phone is sent only
    // when given.
    const payload: TRegisterRequest = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      password: values.password,
      dateOfBirth: values.dateOfBirth,
      ...(values.phone ? { phone: values.phone } : {}),
    };
    registerCall.mutate(payload, { onSuccess: () => reset(EMPTY_FORM) });
  });

  return (
    <AuthCard
      title="Crear cuenta"
      lead="Regístrate gratis para leer los tips gratuitos, comprar packs y suscribirte al VIP."
      wide
      footer={
        <>
          ¿Ya tienes cuenta? <Link to="/login">Inicia sesión</Link>
        </>
      }
      social={<GoogleButton />}
    >
      {registerCall.isSuccess ? (
        <FormAlert tone="success" focus key={registerCall.submittedAt}>
          {REGISTER_SUCCESS_MESSAGE}
        </FormAlert>
      ) : null}

      <form className="form" noValidate onSubmit={onSubmit}>
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
        <div className="form__row">
          <TextField
            label="Teléfono"
            optional
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            hint="Con prefijo de país, por ejemplo +34600123456."
            registration={register('phone')}
            error={errors.phone?.message}
          />
          <TextField
            label="Fecha de nacimiento"
            type="date"
            autoComplete="bday"
            hint="Debes tener 21 años o más."
            registration={register('dateOfBirth')}
            error={errors.dateOfBirth?.message}
          />
        </div>
        <div className="form__row">
          <PasswordField
            label="Contraseña"
            autoComplete="new-password"
            hint="Al menos 6 caracteres."
            registration={register('password')}
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

        {registerCall.isError ? (
          <FormAlert tone="error" focus key={registerCall.submittedAt}>
            {errorText(registerCall.error, REGISTER_FAILED_MESSAGE)}
          </FormAlert>
        ) : null}

        <button type="submit" className="btn btn--gold btn--block" disabled={registerCall.isPending}>
          {registerCall.isPending ? 'Registrando...' : 'Crear cuenta'}
        </button>
      </form>
    </AuthCard>
  );
}
