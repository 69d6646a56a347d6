import { ERROR_CODES, STATUS_DEFAULTS } from '@magotips/contracts/http-errors';
import { withNext } from '@magotips/contracts/next-path';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { useLogin } from '../api/login';
import { useResendVerification } from '../api/resend-verification';
import { AuthCard } from '../../../components/form/auth-card';
import { FormAlert } from '../../../components/form/form-alert';
import { PasswordField, TextField } from '../../../components/form/form-field';
import { GoogleButton } from '../components/google-button';
import { errorText } from '../../../lib/error-text';
import { LOGIN_FAILED_MESSAGE, loginQueryError } from '../login-messages';
import { returnStateOf, useNextTarget } from '../../../lib/session/next-target';
import { useSession } from '../../../lib/session/session-context';
import { useLoginForm } from '../use-login-form';
import { prefilledEmail } from '../login-prefill';
import { CallError } from '../../../components/form/call-error';

const RESENT_FALLBACK = 'Te hemos enviado un nuevo email de verificación. Revisa tu bandeja de entrada.';
const RESEND_FAILED = 'No pudimos reenviar el email de verificación. Intenta nuevamente.';

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  // Where the visitor was going when sent here (a safe same-site path), else the home page.
  const next = useNextTarget();
  const { setSession } = useSession();
  const loginCall = useLogin();
  const resendCall = useResendVerification();
  const { register, errors, handleSubmit, prepare } = useLoginForm((values) => {
    resendCall.reset();
    loginCall.mutate(values, {
      onSuccess: ({ user, token }) => {
        setSession(user, token);
        void navigate(next ?? '/', { replace: true, state: returnStateOf(location.state) });
      },
    });
  });

  const queryError = loginQueryError(params.get('error'));
  const expired = params.get('expired') === '1';
  const notVerified =
    loginCall.error instanceof ApiError && loginCall.error.code === ERROR_CODES.emailNotVerified;

  return (
    <AuthCard
      title="Iniciar sesión"
      lead="Accede a tus análisis, tus packs y tu suscripción."
      footer={
        <>
          ¿No tienes cuenta? <Link to={withNext('/register', next)}>Regístrate</Link>
        </>
      }
      social={<GoogleButton next={next} />}
    >
      {/* Messages from the address bar describe how the user got here; a new attempt replaces them. */}
      {loginCall.isIdle && queryError ? <FormAlert tone="error">{queryError}</FormAlert> : null}
      {loginCall.isIdle && expired ? <FormAlert tone="info">{STATUS_DEFAULTS[401]}</FormAlert> : null}

      <form
        className="form"
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        onFocus={prepare}
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          defaultValue={prefilledEmail(location.state)}
          registration={register('email')}
          error={errors.email}
        />
        <PasswordField
          label="Contraseña"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password}
        />
        <p className="form__aside">
          <Link to="/forgot-password">¿Olvidaste tu contraseña?</Link>
        </p>

        {loginCall.isError ? (
          <FormAlert tone="error" focus key={loginCall.submittedAt}>
            <p>{errorText(loginCall.error, LOGIN_FAILED_MESSAGE)}</p>
            {notVerified ? (
              <button
                type="button"
                className="btn btn--small btn--outline"
                disabled={resendCall.isPending}
                onClick={() =>
                  resendCall.mutate({ email: loginCall.variables?.email ?? '', ...(next ? { next } : {}) })
                }
              >
                {resendCall.isPending ? 'Reenviando...' : 'Reenviar email de verificación'}
              </button>
            ) : null}
          </FormAlert>
        ) : null}
        {resendCall.isSuccess ? (
          <FormAlert tone="success" focus>
            {resendCall.data.message || RESENT_FALLBACK}
          </FormAlert>
        ) : null}
        <CallError call={resendCall} fallback={RESEND_FAILED} />

        <button type="submit" className="btn btn--gold btn--block" disabled={loginCall.isPending}>
          {loginCall.isPending ? 'Iniciando sesión...' : 'Iniciar sesión'}
        </button>
      </form>
    </AuthCard>
  );
}
