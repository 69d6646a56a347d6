import { CardLoadError } from './card-load-error';
import { SESSION_IDLE_DAYS, type TSession } from '@magotips/contracts/sessions';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ActionNotice } from '../../../components/ui/list-states';
import { errorText } from '../../../lib/error-text';
import { useLogout } from '../../../lib/session/use-logout';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions-api';
import { deviceLabel } from '../device-label';
import { formatDateTime } from '../format';
import { useReaderTimeZone } from '../../../lib/reader-zone';

export const SESSIONS_TEXT = {
  title: 'Sesiones activas',
  loading: 'Cargando sesiones...',
  loadError: 'No se pudieron cargar las sesiones',
  onlyThis: 'Solo tienes esta sesión abierta.',
  current: 'Esta sesión',
  endOne: 'Cerrar sesión',
  endOthers: 'Cerrar todas las demás',
  endOneQuestion: '¿Cerrar esta sesión?',
  endCurrentQuestion: '¿Cerrar la sesión en este dispositivo?',
  endOthersQuestion: '¿Cerrar todas las demás sesiones?',
  endOthersDetail: 'Los demás dispositivos tendrán que volver a iniciar sesión.',
  endFailed: 'No se pudo cerrar la sesión',
  lastUsed: 'Último uso',
  signedIn: 'Inicio',
  // The server's rule (decision 0084): only sessions that can still be renewed are listed.
  idleRule: `Una sesión sin usar durante ${SESSION_IDLE_DAYS} días se cierra sola.`,
} as const;

type Pending = { kind: 'one'; session: TSession } | { kind: 'others' } | null;

/** Where this account is signed in, with a way to sign any of those devices out (issue 12 item
 * 1). The current session is listed first; closing it is the ordinary sign-out. */
export function SessionsCard() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const logout = useLogout();
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const list = sessions.data
    ? [...sessions.data.sessions].sort((a, b) => Number(b.current) - Number(a.current))
    : [];
  const others = list.filter((s) => !s.current).length;
  const busy = endOne.isPending || endOthers.isPending;

  function confirm() {
    if (!pending) return;
    setNotice(null);
    setFailure(null);
    if (pending.kind === 'others') {
      endOthers.mutate(undefined, {
        onSuccess: (answer) => setNotice(answer.message),
        onError: (error) => setFailure(errorText(error, SESSIONS_TEXT.endFailed)),
        onSettled: () => setPending(null),
      });
      return;
    }
    if (pending.session.current) {
      setPending(null);
      logout();
      return;
    }
    endOne.mutate(pending.session.id, {
      onSuccess: (answer) => setNotice(answer.message),
      onError: (error) => setFailure(errorText(error, SESSIONS_TEXT.endFailed)),
      onSettled: () => setPending(null),
    });
  }

  return (
    <section className="account-card" aria-labelledby="sessions-title">
      <h3 id="sessions-title" className="account-card__title">
        {SESSIONS_TEXT.title}
      </h3>
      <ActionNotice text={notice} />
      {failure ? (
        <p className="form-alert form-alert--error" role="alert">
          {failure}
        </p>
      ) : null}
      {sessions.isPending ? (
        <p className="account-card__text" role="status">
          {SESSIONS_TEXT.loading}
        </p>
      ) : sessions.isError ? (
        <CardLoadError
          title={SESSIONS_TEXT.loadError}
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <>
          <ul className="session-list">
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={busy}
                onEnd={() => setPending({ kind: 'one', session })}
              />
            ))}
          </ul>
          <p className="account-card__text">{SESSIONS_TEXT.idleRule}</p>
          {others === 0 ? (
            <p className="account-card__text">{SESSIONS_TEXT.onlyThis}</p>
          ) : (
            <button
              type="button"
              className="btn btn--outline btn--small"
              disabled={busy}
              onClick={() => setPending({ kind: 'others' })}
            >
              {SESSIONS_TEXT.endOthers}
            </button>
          )}
        </>
      )}
      {pending ? (
        <ConfirmDialog
          question={
            pending.kind === 'others'
              ? SESSIONS_TEXT.endOthersQuestion
              : pending.session.current
                ? SESSIONS_TEXT.endCurrentQuestion
                : SESSIONS_TEXT.endOneQuestion
          }
          detail={
            pending.kind === 'others'
              ? SESSIONS_TEXT.endOthersDetail
              : deviceLabel(pending.session.userAgent)
          }
          confirmLabel={pending.kind === 'others' ? SESSIONS_TEXT.endOthers : SESSIONS_TEXT.endOne}
          busyLabel="Cerrando..."
          busy={busy}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}

function SessionRow({
  session,
  busy,
  onEnd,
}: {
  session: TSession;
  busy: boolean;
  onEnd: () => void;
}) {
  const timeZone = useReaderTimeZone();
  const device = deviceLabel(session.userAgent);
  return (
    <li className={`session-row${session.current ? ' session-row--current' : ''}`}>
      <div className="session-row__info">
        <p className="session-row__device">
          {device}
          {session.current ? (
            <span className="session-row__badge">{SESSIONS_TEXT.current}</span>
          ) : null}
        </p>
        <p className="session-row__meta">
          {SESSIONS_TEXT.lastUsed}: {formatDateTime(session.lastSeenAt, timeZone)}
          <br />
          {SESSIONS_TEXT.signedIn}: {formatDateTime(session.createdAt, timeZone)}
          {session.ip ? ` · IP ${session.ip}` : null}
        </p>
      </div>
      <button
        type="button"
        className="btn btn--small btn--outline"
        // Visible text first (WCAG 2.5.3), then which device.
        aria-label={`${SESSIONS_TEXT.endOne} en ${device}${session.current ? ` (${SESSIONS_TEXT.current.toLowerCase()})` : ''}`}
        disabled={busy}
        onClick={onEnd}
      >
        {SESSIONS_TEXT.endOne}
      </button>
    </li>
  );
}
