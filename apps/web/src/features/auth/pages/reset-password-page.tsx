// First: Zod's settings (jitless under the CSP, Spanish texts) must precede any schema built.
import '../../../lib/spanish-zod';
import { type TResetPasswordForm, ZResetPasswordForm } from '@magotips/contracts/new-password';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { useResetPassword } from '../api/reset-password';
import { useResetTokenCheck } from '../api/validate-reset-token';
import { AuthCard } from '../../../components/form/auth-card';
import { FormAlert } from '../../../components/form/form-alert';
import { PasswordField } from '../../../components/form/form-field';
import { errorText } from '../../../lib/error-text';

const RESET_DONE_FALLBACK = 'Tu contraseña se ha restablecido. Ya puedes iniciar sesión.';
const RESET_FAILED_MESSAGE = 'No pudimos restablecer la contraseña. Intenta nuevamente.';
export const RESET_LINK_INVALID_MESSAGE =
  'El enlace para restablecer la contraseña no es válido: le falta el código. Ábrelo completo desde el email o solicita uno nuevo.';

/** /reset-password?token=…: the link of the password-reset e-mail. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const resetCall = useResetPassword();
  // The link is judged as the page opens (issue 13, item 5), not after a password is typed.
  const check = useResetTokenCheck(token);
  const deadLink = check.error instanceof ApiError && check.error.status === 400 ? check.error : null;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (!token) {
    return (
      <AuthCard title="Restablecer contraseña">
        <FormAlert tone="error">{RESET_LINK_INVALID_MESSAGE}</FormAlert>
        <div className="auth-card__actions">
          <Link className="btn btn--gold" to="/forgot-password">
            Solicitar un enlace nuevo
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (check.isPending) {
    return (
      <AuthCard title="Restablecer contraseña">
        <div className="auth-card__pending" role="status">
          <span className="auth-spinner" aria-hidden="true" />
          Comprobando el enlace...
        </div>
      </AuthCard>
    );
  }

  // Used, expired or unknown: the server's Spanish reason and the way to a new link. (Any other
  // failure of the check shows the form: the reset call itself will tell.)
  if (deadLink) {
    return (
      <AuthCard title="Restablecer contraseña">
        <FormAlert tone="error">{errorText(deadLink, RESET_FAILED_MESSAGE)}</FormAlert>
        <div className="auth-card__actions">
          <Link className="btn btn--gold" to="/forgot-password">
            Solicitar un enlace nuevo
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (resetCall.isSuccess) {
    return (
      <AuthCard title="Restablecer contraseña">
        <FormAlert tone="success" focus>
          {resetCall.data.message || RESET_DONE_FALLBACK}
        </FormAlert>
        <div className="auth-card__actions">
          <Link className="btn btn--gold" to="/login">
            Iniciar sesión
          </Link>
        </div>
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit(({ password }) => resetCall.mutate({ token, password }));

  return (
    <AuthCard title="Restablecer contraseña" lead="Elige la contraseña con la que entrarás a partir de ahora.">
      <form
        className="form"
        noValidate
        onSubmit={onSubmit}
        // The server's last answer is about what was sent; a change makes it stale.
        onChange={() => {
          if (resetCall.isError) resetCall.reset();
        }}
      >
        <PasswordField
          label="Nueva contraseña"
          autoComplete="new-password"
          hint="Al menos 6 caracteres."
          // A changed password re-checks its confirmation: no stale "no coinciden".
          registration={register('password', { deps: ['confirmPassword'] })}
          error={errors.password?.message}
        />
        <PasswordField
          label="Confirmar nueva contraseña"
          autoComplete="new-password"
          registration={register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        {resetCall.isError ? (
          <FormAlert tone="error" focus key={resetCall.submittedAt}>
            <p>{errorText(resetCall.error, RESET_FAILED_MESSAGE)}</p>
            <p>
              <Link to="/forgot-password">Solicitar un enlace nuevo</Link>
            </p>
          </FormAlert>
        ) : null}
        <button type="submit" className="btn btn--gold btn--block" disabled={resetCall.isPending}>
          {resetCall.isPending ? 'Guardando...' : 'Guardar contraseña'}
        </button>
      </form>
    </AuthCard>
  );
}
