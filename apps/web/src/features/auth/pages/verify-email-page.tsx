import { MSG } from '@magotips/contracts/messages';
import { withNext } from '@magotips/contracts/next-path';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { forgetEmailVerification, verifyEmailOnce } from '../api/verify-email';
import type { LoginPrefill } from '../login-prefill';
import { AuthCard } from '../../../components/form/auth-card';
import { FormAlert } from '../../../components/form/form-alert';
import { errorText } from '../../../lib/error-text';
import { useNextTarget } from '../../../lib/session/next-target';
import { useSession } from '../../../lib/session/session-context';

export const VERIFY_FAILED_MESSAGE = 'Error al verificar el email.';
export const VERIFY_NETWORK_MESSAGE = 'Error de red al verificar el email.';
export const CONFIRM_ACCOUNT_LABEL = 'Confirmar mi cuenta';
/** Shown when the server sends no message for a confirmation that signed nobody in (decision
 * 0082): its AUTH_MESSAGES.emailVerifiedSignIn, not imported so zod stays out of this chunk. */
export const VERIFIED_SIGN_IN_MESSAGE =
  'Tu email está confirmado. Inicia sesión con tu contraseña.';

type VerifyState =
  | { status: 'ready' }
  | { status: 'pending' }
  | { status: 'success'; message: string; email: string | null }
  | { status: 'error'; message: string; network: boolean };

function failure(error: unknown): VerifyState {
  const network = error instanceof ApiError && error.status === 0;
  return {
    status: 'error',
    network,
    message: network ? VERIFY_NETWORK_MESSAGE : errorText(error, VERIFY_FAILED_MESSAGE),
  };
}

/** /verify-email?token=…[&next=/…]: the link of the confirmation e-mail (SPEC.md §2). */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return token ? <Verification key={token} token={token} /> : <MissingToken />;
}

function MissingToken() {
  return (
    <AuthCard title="Verificación de email">
      <FormAlert tone="error">{MSG.verifyTokenMissing}</FormAlert>
      <p className="auth-card__note">
        Abre el enlace completo del email de confirmación. Si no lo encuentras, inicia sesión y te
        ofreceremos reenviarlo.
      </p>
      <div className="auth-card__actions">
        <Link className="btn btn--outline" to="/login">
          Ir a iniciar sesión
        </Link>
      </div>
    </AuthCard>
  );
}

/**
 * One click spends the token (issue 13, item 2): mail scanners that open links, even ones that
 * run the page's script, never press the button, so they cannot use the link up. In the browser
 * that registered, the answer signs in and the page continues to the link's `next` (judged again
 * here) or /. Anywhere else the address is confirmed but nobody is signed in (decision 0082: no
 * one can sign a victim into an account of theirs by sending its link): the page names the
 * account confirmed and asks for its password, on /login with the address filled in.
 */
function Verification({ token }: { token: string }) {
  const navigate = useNavigate();
  const { setSession } = useSession();
  const next = useNextTarget();
  const [state, setState] = useState<VerifyState>({ status: 'ready' });

  const confirm = () => {
    setState({ status: 'pending' });
    // Shared per token for the page's lifetime: a double click or a remount spends it once.
    verifyEmailOnce(token).then(
      (answer) => {
        if (answer.signedIn) {
          setSession(answer.user, answer.token);
          void navigate(next ?? '/', { replace: true });
          return;
        }
        setState({
          status: 'success',
          message: answer.message || VERIFIED_SIGN_IN_MESSAGE,
          // An older server's answer may name no one.
          email: typeof answer.email === 'string' && answer.email ? answer.email : null,
        });
      },
      (error: unknown) => {
        // Only a call that never reached the server may be repeated: the token was not spent.
        if (error instanceof ApiError && error.status === 0) forgetEmailVerification(token);
        setState(failure(error));
      },
    );
  };

  return (
    <AuthCard title="Verificación de email">
      {state.status === 'ready' ? (
        <>
          <p className="auth-card__note">
            Pulsa el botón para confirmar tu email. Si creaste la cuenta en este navegador, entrarás
            directamente; si no, te pediremos tu contraseña.
          </p>
          <div className="auth-card__actions">
            <button type="button" className="btn btn--gold btn--block" onClick={confirm}>
              {CONFIRM_ACCOUNT_LABEL}
            </button>
          </div>
        </>
      ) : null}
      {state.status === 'pending' ? (
        <div className="auth-card__pending" role="status">
          <span className="auth-spinner" aria-hidden="true" />
          Verificando tu email...
        </div>
      ) : null}
      {state.status === 'success' ? (
        <>
          <FormAlert tone="success" focus>
            {state.email ? (
              <p>
                Cuenta confirmada: <strong>{state.email}</strong>
              </p>
            ) : null}
            <p>{state.message}</p>
          </FormAlert>
          <div className="auth-card__actions">
            <Link
              className="btn btn--gold"
              to={withNext('/login', next)}
              state={state.email ? ({ email: state.email } satisfies LoginPrefill) : undefined}
            >
              Iniciar sesión
            </Link>
          </div>
        </>
      ) : null}
      {state.status === 'error' ? (
        <>
          <FormAlert tone="error" focus>
            {state.message}
          </FormAlert>
          {!state.network ? (
            <p className="auth-card__note">
              Si el enlace ha caducado, inicia sesión y te ofreceremos reenviar el email de
              verificación.
            </p>
          ) : null}
          <div className="auth-card__actions">
            {state.network ? (
              <button type="button" className="btn btn--gold" onClick={confirm}>
                Reintentar
              </button>
            ) : null}
            <Link className="btn btn--outline" to={withNext('/login', next)}>
              Ir a iniciar sesión
            </Link>
          </div>
        </>
      ) : null}
    </AuthCard>
  );
}
