import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { matchStatusLabel } from '@magotips/contracts/match-status';
import { NOTICE } from '@magotips/contracts/messages';
import { findSport, sportEmoji } from '@magotips/contracts/sports';
import { TIP_PAGE_SIZE, type TManagementTip } from '@magotips/contracts/tips';
import type { SettledResult } from '@magotips/contracts/track-record';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { formatMatchDate } from '../../../lib/format-date';
import { statusModifier } from '../../tips/components/tip-display';
import { useDeleteTip } from '../api/delete-tip';
import { useManagementTips } from '../api/get-management-tips';
import { useSetTipPublished } from '../api/set-tip-published';
import { useSettleTip } from '../api/settle-tip';
import { BetSummary } from '../components/bet-summary';
import { ManagementItem } from '../components/management-item';
import { ManagementPanel, useManagementPanel } from '../components/management-panel';
import { Pager } from '../components/pager';
import { ResultChangeDialog } from './result-change-dialog';
import { TipForm } from './tip-form';

export const DELETE_TIP_QUESTION = '¿Estás seguro de que quieres eliminar este tip?';
export const RESULT_CHANGE_ERROR = 'Error al cambiar el resultado';
export const PUBLISHED_LATE = 'Publicado tras el inicio';
/** A draft the queue will publish (issue 15 item 2), followed by when. */
export const SCHEDULED = 'Se publica el';

type SettledTip = TManagementTip & { result: SettledResult };

/** A tip with a bet that already has its result: the one kind whose result can be changed. */
function isSettled(tip: TManagementTip): tip is SettledTip {
  return tip.pick !== null && tip.result !== 'pendiente';
}

/** Editor › Tips: the paged list (10 a page) with create, edit, publish toggle and delete. */
export function TipsPanel() {
  const [page, setPage] = useState(1);
  const panel = useManagementPanel<TManagementTip>();
  const { feedback, toDelete } = panel;
  const list = useManagementTips({ page, limit: TIP_PAGE_SIZE });
  const publish = useSetTipPublished();
  const remove = useDeleteTip();
  const settle = useSettleTip();
  const [resettling, setResettling] = useState<SettledTip | null>(null);

  const pages = list.data?.pagination.pages ?? 1;
  const total = list.data?.pagination.total;
  // Deleting the last tip of the last page would leave the reader on a page that no longer exists.
  useEffect(() => {
    if (list.data && pages > 0 && page > pages) setPage(pages);
  }, [list.data, page, pages]);

  function togglePublished(tip: TManagementTip, isPublished: boolean) {
    feedback.clear();
    publish.mutate(
      { id: tip._id, isPublished },
      feedback.handlers(
        isPublished ? 'Tip publicado.' : 'Tip ocultado.',
        'Error al actualizar la publicación del tip',
      ),
    );
  }

  function confirmDelete(tip: TManagementTip) {
    feedback.clear();
    remove.mutate(tip._id, {
      ...panel.deleteHandlers('Tip eliminado.', 'Error al eliminar el tip'),
      onError: (error) => {
        // A tip someone bought stays (the server says why); hiding it is one click away.
        const offerUnpublish =
          error instanceof ApiError && error.code === ERROR_CODES.tipInSoldPack && tip.isPublished;
        feedback.fail({
          title: 'Error al eliminar el tip',
          message: error.message,
          ...(offerUnpublish
            ? { action: { label: 'Despublicar', onClick: () => togglePublished(tip, false) } }
            : {}),
        });
      },
    });
  }

  function changeResult(tip: SettledTip, result: SettledResult) {
    feedback.clear();
    settle.mutate(
      { id: tip._id, result },
      {
        ...feedback.handlers(NOTICE.tipSettled, RESULT_CHANGE_ERROR),
        onSettled: () => setResettling(null),
      },
    );
  }

  return (
    <ManagementPanel
      title="Tips"
      count={total === undefined ? null : total === 1 ? '1 tip en total' : `${total} tips en total`}
      newLabel="Nuevo tip"
      onNew={() => panel.openForm()}
      feedback={feedback}
      list={list}
      loadingText="Cargando tips..."
      loadError={(error) => ({ title: `Error: ${error.message}` })}
      isEmpty={list.data?.tips.length === 0}
      emptyText="Todavía no hay tips. Crea el primero con «Nuevo tip»."
      form={
        panel.editing ? (
          <TipForm
            tip={panel.editing.item}
            onCancel={panel.closeForm}
            onSaved={(text) => {
              if (!panel.editing?.item) setPage(1);
              panel.saved(text);
            }}
          />
        ) : null
      }
      deleting={
        toDelete
          ? {
              question: DELETE_TIP_QUESTION,
              detail: `«${toDelete.title}» se eliminará para siempre.`,
              busy: remove.isPending,
              onConfirm: () => confirmDelete(toDelete),
              onCancel: panel.cancelDelete,
            }
          : null
      }
      dialogs={
        resettling ? (
          <ResultChangeDialog
            tip={resettling}
            busy={settle.isPending}
            onConfirm={(result) => changeResult(resettling, result)}
            onCancel={() => setResettling(null)}
          />
        ) : null
      }
    >
      <ul className="editor-list" aria-busy={list.isPlaceholderData}>
        {list.data?.tips.map((tip) => (
          <ManagementItem
            key={tip._id}
            title={tip.title}
            icon={{ emoji: sportEmoji(tip.icon), label: findSport(tip.icon)?.label ?? 'Deporte' }}
            toggle={{
              label: 'Publicado',
              checked: tip.isPublished,
              busy: publish.isPending && publish.variables?.id === tip._id,
              onChange: (next) => togglePublished(tip, next),
            }}
            extraActions={
              isSettled(tip)
                ? (titleId) => (
                    <button
                      type="button"
                      className="btn btn--small btn--outline"
                      aria-describedby={titleId}
                      onClick={() => setResettling(tip)}
                    >
                      Cambiar resultado
                    </button>
                  )
                : undefined
            }
            onEdit={() => panel.openForm(tip)}
            onDelete={() => panel.askDelete(tip)}
          >
            <TipDetails tip={tip} />
          </ManagementItem>
        ))}
      </ul>
      <Pager
        page={page}
        pages={pages}
        total={total ?? 0}
        loading={list.isPlaceholderData}
        onPage={setPage}
        noun={{ one: 'tip', many: 'tips' }}
      />
    </ManagementPanel>
  );
}

function TipDetails({ tip }: { tip: TManagementTip }) {
  return (
    <>
      <p className="editor-item__meta">
        <time dateTime={tip.matchDate}>{formatMatchDate(tip.matchDate)}</time>
      </p>
      {tip.pick !== null && tip.odds !== null && tip.stake !== null ? (
        <BetSummary pick={tip.pick} odds={tip.odds} stake={tip.stake} result={tip.result} />
      ) : null}
      <p className="editor-item__badges">
        <span className={`status-badge status-badge--${statusModifier(tip.status)}`}>
          {matchStatusLabel(tip.status)}
        </span>
        <span className={`tag ${tip.category === 'premium' ? 'tag--vip' : 'tag--free'}`}>
          {tip.category === 'premium' ? 'VIP' : 'Gratis'}
        </span>
        {tip.publishAt ? (
          <span className="tag tag--muted tag--wrap">
            {SCHEDULED} <time dateTime={tip.publishAt}>{formatMatchDate(tip.publishAt)}</time>
          </span>
        ) : tip.isPublished ? null : (
          <span className="tag tag--muted">Oculto</span>
        )}
        {/* Made public after kick-off: never counted in the track record (issue 14). */}
        {tip.publishedLate ? <span className="tag tag--late">{PUBLISHED_LATE}</span> : null}
      </p>
    </>
  );
}
