import { TELEGRAM_LINK_MINUTES, TELEGRAM_MSG } from '@magotips/contracts/telegram';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ActionNotice } from '../../../components/ui/list-states';
import { errorText } from '../../../lib/error-text';
import {
  useStartTelegramLink,
  useTelegramLink,
  useUnlinkTelegram,
} from '../../../lib/alerts/telegram-api';
import { CardLoadError } from './card-load-error';

export const TELEGRAM_TEXT = {
  title: 'Telegram',
  lead: 'Conecta tu cuenta de Telegram con el bot de MagoTips.',
  notLinked: 'No has conectado ningún Telegram.',
  connect: 'Conectar Telegram',
  connecting: 'Preparando el enlace...',
  openStep: 'Abre Telegram y pulsa Iniciar.',
  openStepDetail: `El enlace vale ${TELEGRAM_LINK_MINUTES} minutos y una sola vez. Esta página se actualiza sola al conectar.`,
  openLink: 'Abrir Telegram',
  done: 'Ya lo conecté',
  checking: 'Comprobando...',
  notYet:
    'Todavía no vemos tu Telegram conectado. Pulsa «Iniciar» en el chat del bot e inténtalo de nuevo.',
  linkedAs: (username: string | null) =>
    username ? `Conectado como @${username}` : 'Tu Telegram está conectado.',
  justLinked: 'Telegram conectado.',
  disconnect: 'Desconectar',
  disconnectQuestion: '¿Desconectar tu Telegram?',
  disconnectDetail:
    'El bot de MagoTips dejará de escribirte. Puedes volver a conectarlo cuando quieras.',
  disconnecting: 'Desconectando...',
  loading: 'Cargando tu conexión con Telegram...',
  loadError: 'No se pudo cargar tu conexión con Telegram',
  connectFailed: 'No se pudo preparar el enlace de Telegram',
  disconnectFailed: 'No se pudo desconectar tu Telegram',
} as const;

/** While the reader is in Telegram, the card asks every few seconds whether the link happened,
 * for as long as the link works. */
const POLL_MS = 3_000;

/** Issue 31 item 1 (decision 0102): link this account's Telegram through the bot, see as whom,
 * and unlink it after a confirmation. */
export function TelegramCard() {
  const titleId = useId();
  // The one-time address being waited on, and until when it works.
  const [waiting, setWaiting] = useState<{ url: string; until: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [noticeFocus, setNoticeFocus] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // "Ya lo conecté" in flight (a poll in flight leaves the button as it is).
  const [checking, setChecking] = useState(false);
  const status = useTelegramLink(waiting ? POLL_MS : false);
  const start = useStartTelegramLink();
  const unlink = useUnlinkTelegram();
  const openRef = useRef<HTMLAnchorElement>(null);
  const linked = status.data?.linked ?? false;

  // The link happened (seen by a poll or "Ya lo conecté"): the wait is over.
  useEffect(() => {
    if (waiting && linked) {
      setWaiting(null);
      setNotice(TELEGRAM_TEXT.justLinked);
    }
  }, [waiting, linked]);
  // Past the link's life polling stops; the reader asks for a new one.
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaiting(null), Math.max(0, waiting.until - Date.now()));
    return () => clearTimeout(timer);
  }, [waiting]);
  // The button that was pressed is gone: the focus goes to what to do next.
  useEffect(() => {
    if (waiting) openRef.current?.focus();
  }, [waiting]);

  const connect = () => {
    if (start.isPending) return;
    setNotice(null);
    setFailure(null);
    start.mutate(undefined, {
      onSuccess: ({ url }) => {
        setWaiting({ url, until: Date.now() + TELEGRAM_LINK_MINUTES * 60_000 });
        // Opened here when the browser allows it; the link in the card is there either way.
        const opened = window.open(url, '_blank');
        if (opened) opened.opener = null;
      },
      onError: (error) => setFailure(errorText(error, TELEGRAM_TEXT.connectFailed)),
    });
  };

  const check = () => {
    if (checking) return;
    setNotice(null);
    setChecking(true);
    void status.refetch().then((answer) => {
      setChecking(false);
      if (answer.data && !answer.data.linked) setNotice(TELEGRAM_TEXT.notYet);
    });
  };

  const disconnect = () => {
    setFailure(null);
    unlink.mutate(undefined, {
      onSuccess: (answer) => {
        setNotice(answer.message);
        setNoticeFocus(true);
      },
      onError: (error) => setFailure(errorText(error, TELEGRAM_TEXT.disconnectFailed)),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <section className="account-card telegram-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="account-card__title">
        {TELEGRAM_TEXT.title}
      </h3>
      <p className="account-card__text">{TELEGRAM_TEXT.lead}</p>
      {status.isPending ? (
        // The shape of the answer (a line and the button), so the card keeps its height.
        <>
          <p className="account-card__text" role="status">
            {TELEGRAM_TEXT.loading}
          </p>
          <button type="button" className="btn btn--small btn--gold" disabled>
            {TELEGRAM_TEXT.connect}
          </button>
        </>
      ) : status.isError ? (
        <CardLoadError
          title={TELEGRAM_TEXT.loadError}
          error={status.error}
          onRetry={() => void status.refetch()}
        />
      ) : linked ? (
        <>
          <p className="account-card__text telegram-card__who">
            {TELEGRAM_TEXT.linkedAs(status.data.username)}
          </p>
          <button
            type="button"
            className="btn btn--small btn--outline"
            onClick={() => setConfirming(true)}
          >
            {TELEGRAM_TEXT.disconnect}
          </button>
        </>
      ) : !status.data.available ? (
        <>
          <p className="account-card__text">{TELEGRAM_MSG.unavailable}</p>
          <button type="button" className="btn btn--small btn--gold" disabled>
            {TELEGRAM_TEXT.connect}
          </button>
        </>
      ) : waiting ? (
        <div className="telegram-card__steps">
          <p className="account-card__text">
            <strong>{TELEGRAM_TEXT.openStep}</strong> {TELEGRAM_TEXT.openStepDetail}
          </p>
          <div className="telegram-card__row">
            <a
              ref={openRef}
              className="btn btn--small btn--gold"
              href={waiting.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              {TELEGRAM_TEXT.openLink}
            </a>
            <button
              type="button"
              className="btn btn--small btn--outline"
              aria-disabled={checking || undefined}
              onClick={check}
            >
              {checking ? TELEGRAM_TEXT.checking : TELEGRAM_TEXT.done}
            </button>
          </div>
        </div>
      ) : (
        <>
          <p className="account-card__text">{TELEGRAM_TEXT.notLinked}</p>
          <button
            type="button"
            className="btn btn--small btn--gold"
            aria-disabled={start.isPending || undefined}
            onClick={connect}
          >
            {start.isPending ? TELEGRAM_TEXT.connecting : TELEGRAM_TEXT.connect}
          </button>
        </>
      )}
      <ActionNotice text={notice} focus={noticeFocus} onFocused={() => setNoticeFocus(false)} />
      {failure ? (
        <p className="form-alert form-alert--error" role="alert">
          {failure}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          question={TELEGRAM_TEXT.disconnectQuestion}
          detail={TELEGRAM_TEXT.disconnectDetail}
          confirmLabel={TELEGRAM_TEXT.disconnect}
          busyLabel={TELEGRAM_TEXT.disconnecting}
          busy={unlink.isPending}
          onConfirm={disconnect}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
