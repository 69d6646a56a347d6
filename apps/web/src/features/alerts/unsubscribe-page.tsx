import { ALERT_MSG } from '@magotips/contracts/alerts';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { AuthCard } from '../../components/form/auth-card';
import { FormAlert } from '../../components/form/form-alert';
import { errorText } from '../../lib/error-text';
import { useUnsubscribe } from './api/unsubscribe';
import { CallError } from '../../components/form/call-error';

export const UNSUBSCRIBE_TEXT = {
  title: 'Darte de baja de los avisos',
  explain:
    'Dejarás de recibir los e-mails que te avisan de cada tip nuevo, gratis o VIP. Los correos de tu cuenta (confirmación, contraseña y pagos) seguirán llegando.',
  confirm: 'Darme de baja',
  pending: 'Dándote de baja...',
  manage: 'Gestionar mis avisos',
  failed: 'No se pudo completar la baja. Inténtalo de nuevo.',
} as const;

const ACCOUNT_PATH = '/panel/cuenta';

/** UNSUBSCRIBE_PATH?token=…: the List-Unsubscribe link of every alert e-mail (decision 0042).
 * Mail scanners open links before the reader does, so opening the page changes nothing: only
 * the button does. Public: the link must work signed out and in any browser. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <AuthCard title={UNSUBSCRIBE_TEXT.title}>
      {token ? (
        <Unsubscribe key={token} token={token} />
      ) : (
        <Invalid message={ALERT_MSG.unsubscribeInvalid} />
      )}
    </AuthCard>
  );
}

function Invalid({ message, focus = false }: { message: string; focus?: boolean }) {
  return (
    <>
      <FormAlert tone="error" focus={focus}>
        {message}
      </FormAlert>
      <ManageLink />
    </>
  );
}

function ManageLink({ primary = false }: { primary?: boolean }) {
  return (
    <div className="auth-card__actions">
      <Link className={`btn ${primary ? 'btn--gold' : 'btn--outline'}`} to={ACCOUNT_PATH}>
        {UNSUBSCRIBE_TEXT.manage}
      </Link>
    </div>
  );
}

function Unsubscribe({ token }: { token: string }) {
  const call = useUnsubscribe();

  if (call.isSuccess) {
    return (
      <>
        <FormAlert tone="success" focus>
          {call.data.message || ALERT_MSG.unsubscribed}
        </FormAlert>
        <ManageLink primary />
      </>
    );
  }

  // A 400 judges the link itself: pressing again would get the same answer.
  if (call.isError && call.error instanceof ApiError && call.error.status === 400) {
    return <Invalid message={errorText(call.error, ALERT_MSG.unsubscribeInvalid)} focus />;
  }

  const confirm = () => {
    // aria-disabled, not disabled, keeps the focus on the button while the call is out.
    if (call.isPending) return;
    call.mutate({ token });
  };

  return (
    <>
      <p className="auth-card__note">{UNSUBSCRIBE_TEXT.explain}</p>
      <CallError call={call} fallback={UNSUBSCRIBE_TEXT.failed} />
      <div className="auth-card__actions">
        <button
          type="button"
          className="btn btn--gold btn--block"
          aria-disabled={call.isPending || undefined}
          onClick={confirm}
        >
          {call.isPending ? UNSUBSCRIBE_TEXT.pending : UNSUBSCRIBE_TEXT.confirm}
        </button>
      </div>
    </>
  );
}
