import type { TAdminAlertTip } from '@magotips/contracts/alerts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatCount } from '../../../lib/format-track-record';
import { useAdminAlerts } from '../api/get-admin-alerts';
import { useRetryAlerts } from '../api/retry-alerts';
import { ActionFeedback, ListBody, TableRegion, useActionNotice } from './admin-list-parts';
import { Pager } from './pager';
import { formatMoment } from '../../../lib/format-date';
import { useReaderTimeZone } from '../../../lib/reader-zone';

const PAGE_SIZE = 20;

export const ALERTS_TAB_TEXT = {
  title: 'Avisos de nuevos tips',
  caption: 'Avisos por tip',
  explain:
    'Del tip más reciente al más antiguo. Los fallidos se reintentan solos; los descartados agotaron sus intentos y solo vuelven a la cola si los reintentas.',
  loading: 'Cargando avisos...',
  loadError: 'Error al cargar los avisos',
  empty: 'Aún no se ha enviado ningún aviso.',
  retry: (dead: number) => `Reintentar descartados (${formatCount(dead)})`,
  retryQuestion: '¿Reintentar los avisos descartados?',
  retryFailed: 'Error al reintentar los avisos',
  notPublished: 'Sin publicar',
} as const;

const avisos = (n: number) => (n === 1 ? '1 aviso' : `${formatCount(n)} avisos`);

/** /panel/admin?tab=avisos (issue 15, decision 0042): how each tip's alerts went, and a way to
 * put the deliveries that gave up back in the queue. */
export function AlertsTab() {
  const headingId = useId();
  const explainId = useId();
  const [page, setPage] = useState(1);
  const list = useAdminAlerts({ page, limit: PAGE_SIZE });
  const retry = useRetryAlerts();
  const [pending, setPending] = useState<TAdminAlertTip | null>(null);
  // The row's button goes once its dead count is 0, taking the focus with it: the notice takes it.
  const notice = useActionNotice();

  const confirmRetry = () => {
    if (!pending) return;
    retry.mutate(pending.tipId, {
      onSuccess: (answer) => notice.show(answer.message),
      onSettled: () => setPending(null),
    });
  };

  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-card__title">
        {ALERTS_TAB_TEXT.title}
      </h2>

      <ActionFeedback notice={notice} action={retry} failTitle={ALERTS_TAB_TEXT.retryFailed} />

      <ListBody
        query={list}
        loading={ALERTS_TAB_TEXT.loading}
        loadError={ALERTS_TAB_TEXT.loadError}
        isEmpty={(data) => data.tips.length === 0}
        empty={ALERTS_TAB_TEXT.empty}
      >
        {(data) => (
          <>
            {/* Outside the table: a long caption would scroll away with it on a phone. */}
            <p id={explainId} className="admin-field__hint">
              {ALERTS_TAB_TEXT.explain}
            </p>
            {/* The tip's name stays in view while the figures scroll. */}
            <TableRegion label={ALERTS_TAB_TEXT.caption} busy={list.isPlaceholderData}>
              <table className="admin-table" aria-describedby={explainId}>
                <caption>{ALERTS_TAB_TEXT.caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">Tip</th>
                    <th scope="col">Publicado</th>
                    <th scope="col">En cola</th>
                    <th scope="col">Enviados</th>
                    <th scope="col">Fallidos</th>
                    <th scope="col">Descartados</th>
                  </tr>
                </thead>
                <tbody>
                  {data.tips.map((tip) => (
                    <AlertRow
                      key={tip.tipId}
                      tip={tip}
                      busy={retry.isPending}
                      onRetry={() => {
                        notice.clear();
                        retry.reset();
                        setPending(tip);
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </TableRegion>
            <Pager pagination={data.pagination} onPage={setPage} label="Páginas de avisos" />
          </>
        )}
      </ListBody>

      {pending ? (
        <ConfirmDialog
          question={ALERTS_TAB_TEXT.retryQuestion}
          detail={`${avisos(pending.dead)} de «${pending.title}» volverán a la cola y se enviarán de nuevo.`}
          confirmLabel="Reintentar"
          busyLabel="Reintentando..."
          busy={retry.isPending}
          tone="gold"
          onConfirm={confirmRetry}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}

function AlertRow({
  tip,
  busy,
  onRetry,
}: {
  tip: TAdminAlertTip;
  busy: boolean;
  onRetry: () => void;
}) {
  const timeZone = useReaderTimeZone();
  return (
    <tr>
      <th scope="row">
        <Link to={`/tip/${encodeURIComponent(tip.tipId)}`} className="admin-table__tip">
          {tip.title}
        </Link>{' '}
        <span className={`admin-chip admin-chip--${tip.category === 'premium' ? 'vip' : 'free'}`}>
          {tip.category === 'premium' ? 'VIP' : 'Gratis'}
        </span>
      </th>
      <td>
        {tip.publishedAt
          ? // Short, so the column stays narrow on a phone: "25 nov 2026, 18:30 (hora de España)".
            formatMoment(tip.publishedAt, timeZone)
          : ALERTS_TAB_TEXT.notPublished}
      </td>
      <td>{formatCount(tip.queued)}</td>
      <td>{formatCount(tip.sent)}</td>
      <td className={tip.failed > 0 ? 'admin-table__warn' : undefined}>
        {formatCount(tip.failed)}
      </td>
      {/* The retry sits under the count it acts on rather than in a column of its own: one
          column less keeps the table within a desktop panel's width. */}
      <td className={tip.dead > 0 ? 'admin-table__danger' : undefined}>
        {tip.dead > 0 ? (
          <span className="admin-table__dead">
            {formatCount(tip.dead)}
            <button
              type="button"
              className="btn btn--small btn--outline admin-table__retry"
              // Visible text first (WCAG 2.5.3), then which tip.
              aria-label={`${ALERTS_TAB_TEXT.retry(tip.dead)} de «${tip.title}»`}
              disabled={busy}
              onClick={onRetry}
            >
              {ALERTS_TAB_TEXT.retry(tip.dead)}
            </button>
          </span>
        ) : (
          formatCount(tip.dead)
        )}
      </td>
    </tr>
  );
}
