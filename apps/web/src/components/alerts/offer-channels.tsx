import type { TAlertPreferencesResponse } from '@magotips/contracts/alerts';
import { PUSH_MSG } from '@magotips/contracts/alerts';
import { TELEGRAM_LINK_MINUTES } from '@magotips/contracts/telegram';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useSaveAlertPreferences } from '../../lib/alerts/alerts-api';
import { useStartTelegramLink, useTelegramLink } from '../../lib/alerts/telegram-api';
import { usePushDevice } from '../../lib/alerts/use-push-device';
import { errorText } from '../../lib/error-text';
import { OFFER_TEXT } from './alerts-offer-text';
import { ChannelAction, ChannelRow, OnBadge } from './offer-channel-row';
import { channelOn, withChannelOn } from './offer-rules';

export type Report = (outcome: { notice?: string; failure?: string }) => void;
type Prefs = UseQueryResult<TAlertPreferencesResponse>;
type ChannelProps = { prefs: Prefs; report: Report };

/** Notifications on this device: subscribe it (permission asked only on the press) and make sure
 * the push switches carry what this reader may get. */
export function PushChannel({ prefs, report }: ChannelProps) {
  const noteId = useId();
  const device = usePushDevice();
  const save = useSaveAlertPreferences();
  const [justOn, setJustOn] = useState(false);
  const text = OFFER_TEXT.push;
  const working = device.working || save.isPending;

  const unavailable =
    device.support === 'unsupported'
      ? text.unsupported
      : device.keyMissing
        ? PUSH_MSG.unavailable
        : device.key.isError
          ? errorText(device.key.error, text.failed)
          : device.support === 'denied'
            ? text.denied
            : null;
  if (unavailable)
    return (
      <ChannelRow name={text.name} note={unavailable} noteId={noteId}>
        <ChannelAction label={text.action} noteId={noteId} disabled onPress={() => undefined} />
      </ChannelRow>
    );

  const loading = !device.checked || device.key.isPending || !prefs.data;
  const on = !loading && device.subscription !== null && channelOn(prefs.data, 'push');
  if (on)
    return (
      <ChannelRow name={text.name} note={text.on} noteId={noteId} on>
        <OnBadge focus={justOn} describedBy={noteId} />
      </ChannelRow>
    );

  const turnOn = async () => {
    if (!prefs.data) return;
    report({});
    const answer = prefs.data;
    let message: string | undefined;
    if (!device.subscription) {
      const outcome = await device.activate();
      if (outcome === null) return;
      if (outcome.kind === 'denied') return report({ failure: text.denied });
      if (outcome.kind === 'failed')
        return report({ failure: errorText(outcome.error, text.failed) });
      message = outcome.message;
    }
    // A subscribed device with its switches off would receive nothing.
    if (channelOn(answer, 'push')) {
      setJustOn(true);
      return report({ notice: message ?? text.saved });
    }
    save.mutate(withChannelOn(answer, 'push'), {
      onSuccess: () => {
        setJustOn(true);
        report({ notice: text.saved });
      },
      onError: (error) => report({ failure: errorText(error, text.failed) }),
    });
  };

  return (
    <ChannelRow name={text.name} note={loading ? OFFER_TEXT.checking : text.off} noteId={noteId}>
      <ChannelAction
        label={working ? OFFER_TEXT.activating : text.action}
        noteId={noteId}
        busy={loading || working}
        onPress={() => void turnOn()}
      />
    </ChannelRow>
  );
}

/** E-mail: one save of the preferences with the e-mail switches on. */
export function EmailChannel({ prefs, report }: ChannelProps) {
  const noteId = useId();
  const save = useSaveAlertPreferences();
  const [justOn, setJustOn] = useState(false);
  const text = OFFER_TEXT.email;

  if (prefs.data && channelOn(prefs.data, 'email'))
    return (
      <ChannelRow name={text.name} note={text.on} noteId={noteId} on>
        <OnBadge focus={justOn} describedBy={noteId} />
      </ChannelRow>
    );

  const turnOn = () => {
    if (!prefs.data) return;
    report({});
    save.mutate(withChannelOn(prefs.data, 'email'), {
      onSuccess: () => {
        setJustOn(true);
        report({ notice: text.saved });
      },
      onError: (error) => report({ failure: errorText(error, text.failed) }),
    });
  };

  return (
    <ChannelRow
      name={text.name}
      note={prefs.isError ? OFFER_TEXT.loadError : prefs.data ? text.off : OFFER_TEXT.checking}
      noteId={noteId}
    >
      <ChannelAction
        label={save.isPending ? OFFER_TEXT.activating : text.action}
        noteId={noteId}
        busy={!prefs.data || save.isPending}
        disabled={prefs.isError}
        onPress={turnOn}
      />
    </ChannelRow>
  );
}

/** While the reader is in Telegram, whether the link happened is asked this often. */
const POLL_MS = 3_000;

/** Telegram: a one-time t.me link opened from the press, then the row waits for the bot to say
 * the account is linked (decision 0102). */
export function TelegramChannel({ report }: { report: Report }) {
  const noteId = useId();
  const [waiting, setWaiting] = useState<{ url: string; until: number } | null>(null);
  const [justOn, setJustOn] = useState(false);
  const status = useTelegramLink(waiting ? POLL_MS : false);
  const start = useStartTelegramLink();
  const openRef = useRef<HTMLAnchorElement>(null);
  const text = OFFER_TEXT.telegram;
  const linked = status.data?.linked ?? false;

  useEffect(() => {
    if (waiting && linked) {
      setWaiting(null);
      // The focus was on "Abrir Telegram", which is gone now.
      setJustOn(true);
      report({ notice: text.linked });
    }
  }, [waiting, linked, report, text.linked]);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaiting(null), Math.max(0, waiting.until - Date.now()));
    return () => clearTimeout(timer);
  }, [waiting]);
  useEffect(() => {
    if (waiting) openRef.current?.focus();
  }, [waiting]);

  if (linked)
    return (
      <ChannelRow name={text.name} note={text.on(status.data?.username ?? null)} noteId={noteId} on>
        <OnBadge focus={justOn} describedBy={noteId} />
      </ChannelRow>
    );

  if (waiting)
    return (
      <ChannelRow name={text.name} note={text.waiting} noteId={noteId}>
        <a
          ref={openRef}
          className="btn btn--small btn--gold alerts-offer__action"
          href={waiting.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={noteId}
        >
          {text.open}
        </a>
      </ChannelRow>
    );

  const connect = () => {
    report({});
    start.mutate(undefined, {
      onSuccess: ({ url }) => {
        setWaiting({ url, until: Date.now() + TELEGRAM_LINK_MINUTES * 60_000 });
        // Opened here when the browser allows it; the row's link is there either way.
        const opened = window.open(url, '_blank');
        if (opened) opened.opener = null;
      },
      onError: (error) => report({ failure: errorText(error, text.failed) }),
    });
  };

  const off = status.data && !status.data.available;
  return (
    <ChannelRow
      name={text.name}
      note={
        status.isPending
          ? OFFER_TEXT.checking
          : status.isError
            ? text.loadError
            : off
              ? text.unavailable
              : text.off
      }
      noteId={noteId}
    >
      <ChannelAction
        label={start.isPending ? text.connecting : text.action}
        noteId={noteId}
        busy={status.isPending || start.isPending}
        disabled={off}
        onPress={connect}
      />
    </ChannelRow>
  );
}
