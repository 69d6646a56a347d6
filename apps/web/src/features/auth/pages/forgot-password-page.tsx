// First: Zod's settings (jitless under the CSP, Spanish texts) must precede any schema built.
import '../../../lib/spanish-zod';
import { ZEmailOnlyRequest, type TEmailOnlyRequest } from '@magotips/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../../../components/form/auth-card';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/form-field';
import { CallError } from '../../../components/form/call-error';

// The same words whether or not the e-mail has an account: the page must not tell a stranger
// which addresses are registered.
export const RESET_REQUESTED_MESSAGE =
  'Si existe una cuenta con ese email, te hemos enviado un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada.';
const REQUEST_FAILED_MESSAGE = 'No pudimos enviar el enlace. Intenta nuevamente.';

export default function ForgotPasswordPage() {
  const requestCall = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TEmailOnlyRequest>({
    resolver: zodResolver(ZEmailOnlyRequest),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((values) => requestCall.mutate(values));

  return (
    <AuthCard
      title="Recuperar contraseña"
      lead="Escribe el email de tu cuenta y te enviaremos un enlace para crear una contraseña nueva."
      footer={
        <>
          ¿La recordaste? <Link to="/login">Inicia sesión</Link>
        </>
      }
    >
      {requestCall.isSuccess ? (
        <FormAlert tone="success" focus key={requestCall.submittedAt}>
          {RESET_REQUESTED_MESSAGE}
        </FormAlert>
      ) : null}
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <CallError call={requestCall} fallback={REQUEST_FAILED_MESSAGE} />
        <button type="submit" className="btn btn--gold btn--block" disabled={requestCall.isPending}>
          {requestCall.isPending ? 'Enviando...' : 'Enviar enlace'}
        </button>
      </form>
    </AuthCard>
  );
}
