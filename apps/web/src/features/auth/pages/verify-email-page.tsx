import { MSG } from '@magotips/contracts/messages';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { forgetEmailVerification, verifyEmailOnce } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { errorText } from '../error-text';

export const VERIFY_FAILED_MESSAGE = 'Error al verificar el email.';
export const VERIFY_NETWORK_MESSAGE = 'Error de red al verificar el email.';
const VERIFIED_FALLBACK = '¡Email verificado! Tu cuenta ya está activa: ya puedes iniciar sesión.';

type VerifyState =
  | { status: 'pending' }
  | { status: 'success'; message: string }
  | { status: 'error'; message: string; network: boolean };

function failure(error: unknown): VerifyState {
  const network = error instanceof ApiError && error.status === 0;
  return {
    status: 'error',
    network,
    message: network ? VERIFY_NETWORK_MESSAGE : errorText(error, VERIFY_FAILED_MESSAGE),
  };
}

/** /verify-email?token=…: the link of the confirmation e-mail (SPEC.md §2). */
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

function Verification({ token }: { token: string }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<VerifyState>({ status: 'pending' });

  useEffect(() => {
    let active = true;
    verifyEmailOnce(token).then(
      (answer) => active && setState({ status: 'success', message: answer.message || VERIFIED_FALLBACK }),
      (error: unknown) => active && setState(failure(error)),
    );
    return () => {
      active = false;
    };
  }, [token, attempt]);

  const retry = () => {
    // Only a call that never reached the server may be repeated: the token was not spent.
    forgetEmailVerification(token);
    setState({ status: 'pending' });
    setAttempt((n) => n + 1);
  };

  return (
    <AuthCard title="Verificación de email">
      {state.status === 'pending' ? (
        <div className="auth-card__pending" role="status">
          <span className="auth-spinner" aria-hidden="true" />
          Verificando tu email...
        </div>
      ) : null}
      {state.status === 'success' ? (
        <>
          <FormAlert tone="success">{state.message}</FormAlert>
          <div className="auth-card__actions">
            <Link className="btn btn--gold" to="/login">
              Iniciar sesión
            </Link>
          </div>
        </>
      ) : null}
      {state.status === 'error' ? (
        <>
          <FormAlert tone="error">{state.message}</FormAlert>
          {!state.network ? (
            <p className="auth-card__note">
              Si el enlace ha caducado, inicia sesión y te ofreceremos reenviar el email de
              verificación.
            </p>
          ) : null}
          <div className="auth-card__actions">
            {state.network ? (
              <button type="button" className="btn btn--gold" onClick={retry}>
                Reintentar
              </button>
            ) : null}
            <Link className="btn btn--outline" to="/login">
              Ir a iniciar sesión
            </Link>
          </div>
        </>
      ) : null}
    </AuthCard>
  );
}
