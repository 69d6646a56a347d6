import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { NOTICE } from '@magotips/contracts/messages';
import { findSport, sportEmoji } from '@magotips/contracts/sports';
import { isInTrackRecord } from '@magotips/contracts/tip-in-record';
import { TIP_PAGE_SIZE, type TManagementTip } from '@magotips/contracts/tips';
import type { SettledResult } from '@magotips/contracts/track-record';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { formatMatchDate } from '../../../lib/format-date';
import { useReaderTimeZone } from '../../../lib/reader-zone';
import { useDeleteTip } from '../api/delete-tip';
import { TOP_OF_LIST, type TipsPosition, useTipsByMatch } from '../api/get-tips-by-match';
import { useSetTipPublished } from '../api/set-tip-published';
import { useSettleTip } from '../api/settle-tip';
import { BetSummary } from '../components/bet-summary';
import { TipStateTag } from '../components/tip-state-tag';
import { ManagementItem } from '../components/management-item';
import { ManagementPanel, useManagementPanel } from '../components/management-panel';
import { KeysetPager, pageSpan } from '../components/keyset-pager';
import { splitDateTime } from './tip-form-schema';
import { TipDateJump } from './tip-date-jump';
import { ResultChangeDialog, type SettledTip } from './result-change-dialog';
import type { SettleExtras } from '../results/settle-dialog';
import { TipForm } from './tip-form';

export const DELETE_TIP_QUESTION = '¿Estás seguro de que quieres eliminar este tip?';
export const PUBLISHED_LATE = 'Publicado tras el inicio';
export const NO_BET_TAG = 'Análisis sin apuesta';
/** A draft the queue will publish (issue 15 item 2), followed by when. */
export const SCHEDULED = 'Se publica el';

/** Why a tip in the track record has no Eliminar (the API would refuse it, decision 0038). */
export const IN_RECORD_NOTE = 'En el historial verificado: no se puede eliminar.';

/** The API's rule for what can no longer be deleted, read from the list's view of the tip:
 * `locked` is the server's "the match has started" at the time of the answer, the clock here
 * catches a match that has started since. */
function inRecord(tip: TManagementTip): boolean {
  return isInTrackRecord({
    result: tip.result,
    hasBet: tip.odds !== null,
    everPublic: tip.publishedAt !== null,
    started: tip.locked || Date.parse(tip.matchDate) <= Date.now(),
  });
}

/** A tip with a bet that already has its result: the one kind whose result can be changed. */
function isSettled(tip: TManagementTip): tip is SettledTip {
  return tip.pick !== null && tip.odds !== null && tip.result !== 'pendiente';
}

export const EMPTY_PAGE = 'No hay tips en esta página. Prueba con «Anteriores» o «Más recientes».';

/** Editor › Tips: the list by match date, latest first, 10 a page, moved with Anteriores,
 * Siguientes and a date jump (issue 17 item 3); create, edit, publish toggle and delete. */
export function TipsPanel() {
  const timeZone = useReaderTimeZone();
  const [position, setPosition] = useState<TipsPosition>(TOP_OF_LIST);
  // The date field's text: what the editor typed, or the day the list was last taken to.
  const [day, setDay] = useState('');
  const panel = useManagementPanel<TManagementTip>();
  const { feedback, toDelete } = panel;
  const list = useTipsByMatch({ limit: TIP_PAGE_SIZE, position });
  const publish = useSetTipPublished();
  const remove = useDeleteTip();
  const settle = useSettleTip();
  const [resettling, setResettling] = useState<SettledTip | null>(null);

  const pagination = list.data?.pagination;
  const total = pagination?.total;
  const atTop = position.kind === 'first';

  /** To the tips at or before `at`: a jump, or a saved tip's own date so it is on screen. */
  function goTo(at: string) {
    setPosition({ kind: 'from', at });
  }

  function toTop() {
    setDay('');
    setPosition(TOP_OF_LIST);
  }

  // A position the server refuses (a cursor from an older version, say) cannot be retried as
  // it is: Reintentar starts again from the top.
  const retry = () =>
    list.error instanceof ApiError && list.error.status === 400 ? toTop() : void list.refetch();

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

  function openResultChange(tip: SettledTip) {
    feedback.clear();
    settle.reset();
    setResettling(tip);
  }

  /** A correction: on success the dialog closes with the notice; a refusal (the reason, the
   * closing odds) stays in the dialog, where the editor can fix it. */
  function changeResult(tip: SettledTip, result: SettledResult, extras: SettleExtras) {
    settle.mutate(
      { id: tip._id, result, ...extras },
      {
        onSuccess: () => {
          setResettling(null);
          feedback.announce(NOTICE.tipSettled);
        },
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
      list={{ status: list.status, error: list.error, refetch: retry }}
      loadingText="Cargando tips..."
      loadError={(error) => ({ title: `Error: ${error.message}` })}
      // Empty only with no tips at all; an empty page elsewhere keeps its way back (below).
      isEmpty={total === 0 && atTop}
      emptyText="Todavía no hay tips. Crea el primero con «Nuevo tip»."
      form={
        panel.editing ? (
          <TipForm
            tip={panel.editing.item}
            onCancel={panel.closeForm}
            onSaved={(text, saved) => {
              // The list goes to the saved tip's date: by match date it may be anywhere.
              setDay(splitDateTime(saved.matchDate).date);
              goTo(saved.matchDate);
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
            error={settle.error}
            onConfirm={(result, extras) => changeResult(resettling, result, extras)}
            onCancel={() => setResettling(null)}
          />
        ) : null
      }
    >
      <TipDateJump
        day={day}
        onDayChange={setDay}
        onJump={goTo}
        onTop={atTop ? null : toTop}
        busy={list.isFetching}
      />
      {list.data?.tips.length === 0 ? <p className="editor-list__empty">{EMPTY_PAGE}</p> : null}
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
                      onClick={() => openResultChange(tip)}
                    >
                      Cambiar resultado
                    </button>
                  )
                : undefined
            }
            onEdit={() => panel.openForm(tip)}
            onDelete={inRecord(tip) ? undefined : () => panel.askDelete(tip)}
          >
            <TipDetails tip={tip} />
            {inRecord(tip) ? <p className="editor-item__meta">{IN_RECORD_NOTE}</p> : null}
          </ManagementItem>
        ))}
      </ul>
      <KeysetPager
        span={pageSpan(list.data?.tips ?? [], timeZone)}
        total={total ?? 0}
        estimated={pagination?.estimated === true}
        hasPrevious={Boolean(pagination?.previous)}
        hasNext={Boolean(pagination?.next)}
        loading={list.isPlaceholderData}
        onPrevious={() => {
          if (pagination?.previous) setPosition({ kind: 'before', cursor: pagination.previous });
        }}
        onNext={() => {
          if (pagination?.next) setPosition({ kind: 'after', cursor: pagination.next });
        }}
      />
    </ManagementPanel>
  );
}

function TipDetails({ tip }: { tip: TManagementTip }) {
  const timeZone = useReaderTimeZone();
  return (
    <>
      <p className="editor-item__meta">
        <time dateTime={tip.matchDate}>{formatMatchDate(tip.matchDate, timeZone)}</time>
      </p>
      {tip.pick !== null && tip.odds !== null && tip.stake !== null ? (
        <BetSummary pick={tip.pick} odds={tip.odds} stake={tip.stake} />
      ) : null}
      <p className="editor-item__badges">
        {/* One state per tip (the proof issue, item 7): the result with its units once recorded. */}
        <TipStateTag tip={tip} />
        {tip.pick === null ? <span className="tag tag--muted">{NO_BET_TAG}</span> : null}
        <span className={`tag ${tip.category === 'premium' ? 'tag--vip' : 'tag--free'}`}>
          {tip.category === 'premium' ? 'VIP' : 'Gratis'}
        </span>
        {tip.publishAt ? (
          <span className="tag tag--muted tag--wrap">
            {SCHEDULED}{' '}
            <time dateTime={tip.publishAt}>{formatMatchDate(tip.publishAt, timeZone)}</time>
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
