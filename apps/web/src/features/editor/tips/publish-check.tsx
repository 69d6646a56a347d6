import { publishAudienceText } from '@magotips/contracts/alerts';
import type { TManagementTip, TTipRequest } from '@magotips/contracts/tips';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatMatchDate } from '../../../lib/format-date';
import { useReaderTimeZone } from '../../../lib/reader-zone';
import { useAlertAudience } from '../api/get-alert-audience';

export const PUBLISH_QUESTION = '¿Publicar el tip?';
export const SCHEDULE_QUESTION = '¿Programar la publicación del tip?';

/** A save that makes the tip public for the first time, now or at its schedule: the one that
 * sends the alerts (decision 0042). A tip public before sends none again. */
export function isFirstPublication(request: TTipRequest, tip: TManagementTip | undefined): boolean {
  if (tip?.publishedAt) return false;
  return request.isPublished || Boolean(request.publishAt);
}

/**
 * Before a tip's first publication the editor confirms who reads it and how many readers are
 * alerted (issue 29 item 15f, decision 0087): "Se publicará para todos y se avisará a N
 * lectores". `submit` saves or asks; `dialog` is the question, while it is open.
 */
export function usePublishCheck({
  tip,
  persist,
}: {
  tip: TManagementTip | undefined;
  persist: (request: TTipRequest) => Promise<void>;
}) {
  const timeZone = useReaderTimeZone();
  const [pending, setPending] = useState<TTipRequest | null>(null);
  // The request names the category; a locked tip's is the stored one.
  const category = pending ? (pending.category ?? tip?.category ?? 'free') : null;
  const audience = useAlertAudience(category);

  async function submit(request: TTipRequest) {
    if (!isFirstPublication(request, tip)) {
      await persist(request);
      return;
    }
    setPending(request);
  }

  function dialog(busy: boolean): ReactNode {
    if (pending === null) return null;
    const scheduled = !pending.isPublished && pending.publishAt ? pending.publishAt : null;
    const text = publishAudienceText({
      category: category ?? 'free',
      readers: audience.data?.readers ?? null,
      when: scheduled ? formatMatchDate(scheduled, timeZone) : null,
      // A first publication from kick-off on alerts nobody (issue 29 item 14).
      late: !scheduled && Date.parse(pending.matchDate) <= Date.now(),
    });
    return (
      <ConfirmDialog
        question={scheduled ? SCHEDULE_QUESTION : PUBLISH_QUESTION}
        // Until the count arrives (or if it fails) the text names the readers without a number.
        detail={text}
        confirmLabel={scheduled ? 'Sí, programar' : 'Sí, publicar'}
        busyLabel="Guardando..."
        busy={busy}
        tone="gold"
        onConfirm={() => {
          const request = pending;
          setPending(null);
          void persist(request);
        }}
        onCancel={() => setPending(null)}
      />
    );
  }

  return { submit, dialog };
}
