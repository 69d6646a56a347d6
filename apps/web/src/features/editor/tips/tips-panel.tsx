import { matchStatusLabel } from '@magotips/contracts/match-status';
import { findSport, sportEmoji } from '@magotips/contracts/sports';
import { TIP_PAGE_SIZE, type TManagementTip } from '@magotips/contracts/tips';
import { useEffect, useId, useState } from 'react';
import { formatMatchDate } from '../../../lib/format-date';
import { statusModifier } from '../../tips/components/tip-display';
import { useDeleteTip } from '../api/delete-tip';
import { useManagementTips } from '../api/get-management-tips';
import { useSetTipPublished } from '../api/set-tip-published';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { ApiError } from '../../../lib/api-error';
import {
  type AlertAction,
  ActionError,
  ActionNotice,
  EmptyState,
  ErrorPanel,
  LoadingState,
} from '../../../components/ui/list-states';
import { ToggleSwitch } from '../components/toggle-switch';
import { TipForm } from './tip-form';

export const DELETE_TIP_QUESTION = '¿Estás seguro de que quieres eliminar este tip?';

type Editing = { tip?: TManagementTip } | null;
type Failure = { title: string; message: string; action?: AlertAction } | null;

/** Editor › Tips: the paged list (10 a page) with create, edit, publish toggle and delete. */
export function TipsPanel() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<TManagementTip | null>(null);
  const [failure, setFailure] = useState<Failure>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A save's notice takes the focus the closed form held (issue 13, item 16).
  const [focusNotice, setFocusNotice] = useState(false);
  const list = useManagementTips({ page, limit: TIP_PAGE_SIZE });
  const publish = useSetTipPublished();
  const remove = useDeleteTip();

  const pages = list.data?.pagination.pages ?? 1;
  // Deleting the last tip of the last page would leave the reader on a page that no longer exists.
  useEffect(() => {
    if (list.data && pages > 0 && page > pages) setPage(pages);
  }, [list.data, page, pages]);

  if (editing) {
    return (
      <TipForm
        tip={editing.tip}
        onCancel={() => setEditing(null)}
        onSaved={(text) => {
          setEditing(null);
          setNotice(text);
          setFocusNotice(true);
          if (!editing.tip) setPage(1);
        }}
      />
    );
  }

  function togglePublished(tip: TManagementTip, isPublished: boolean) {
    setFailure(null);
    setNotice(null);
    publish.mutate(
      { id: tip._id, isPublished },
      {
        onSuccess: () => setNotice(isPublished ? 'Tip publicado.' : 'Tip ocultado.'),
        onError: (error) =>
          setFailure({
            title: 'Error al actualizar la publicación del tip',
            message: error.message,
          }),
      },
    );
  }

  function confirmDelete() {
    if (!toDelete) return;
    setFailure(null);
    setNotice(null);
    remove.mutate(toDelete._id, {
      onSuccess: () => setNotice('Tip eliminado.'),
      onError: (error) => {
        const tip = toDelete;
        // A tip someone bought stays (the server says why); hiding it is one click away.
        const offerUnpublish = error instanceof ApiError && error.code === ERROR_CODES.tipInSoldPack && tip.isPublished;
        setFailure({
          title: 'Error al eliminar el tip',
          message: error.message,
          ...(offerUnpublish ? { action: { label: 'Despublicar', onClick: () => togglePublished(tip, false) } } : {}),
        });
      },
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <div className="editor-panel">
      <div className="editor-panel__head">
        <div>
          <h2 className="editor-panel__title">Tips</h2>
          {list.data ? (
            <p className="editor-panel__count">
              {list.data.pagination.total === 1
                ? '1 tip en total'
                : `${list.data.pagination.total} tips en total`}
            </p>
          ) : null}
        </div>
        <button type="button" className="btn btn--gold" onClick={() => setEditing({})}>
          Nuevo tip
        </button>
      </div>
      <ActionNotice text={notice} focus={focusNotice} onFocused={() => setFocusNotice(false)} />
      {failure ? (
        <ActionError
          title={failure.title}
          message={failure.message}
          onDismiss={() => setFailure(null)}
          {...(failure.action ? { action: failure.action } : {})}
        />
      ) : null}

      {list.status === 'pending' ? (
        <LoadingState text="Cargando tips..." />
      ) : list.status === 'error' ? (
        <ErrorPanel title={`Error: ${list.error.message}`} onRetry={() => void list.refetch()} />
      ) : list.data.tips.length === 0 ? (
        <EmptyState>
          <p>Todavía no hay tips. Crea el primero con «Nuevo tip».</p>
        </EmptyState>
      ) : (
        <>
          <ul className="editor-list" aria-busy={list.isPlaceholderData}>
            {list.data.tips.map((tip) => (
              <TipRow
                key={tip._id}
                tip={tip}
                busy={publish.isPending && publish.variables?.id === tip._id}
                onEdit={() => {
                  setNotice(null);
                  setEditing({ tip });
                }}
                onTogglePublished={(next) => togglePublished(tip, next)}
                onDelete={() => setToDelete(tip)}
              />
            ))}
          </ul>
          <Pager
            page={page}
            pages={pages}
            total={list.data.pagination.total}
            loading={list.isPlaceholderData}
            onPage={setPage}
          />
        </>
      )}

      {toDelete ? (
        <ConfirmDialog
          question={DELETE_TIP_QUESTION}
          detail={`«${toDelete.title}» se eliminará para siempre.`}
          confirmLabel="Eliminar"
          busyLabel="Eliminando..."
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      ) : null}
    </div>
  );
}

type TipRowProps = {
  tip: TManagementTip;
  busy: boolean;
  onEdit: () => void;
  onTogglePublished: (next: boolean) => void;
  onDelete: () => void;
};

function TipRow({ tip, busy, onEdit, onTogglePublished, onDelete }: TipRowProps) {
  const titleId = useId();
  return (
    <li className="editor-item">
      <span
        className="editor-item__icon"
        role="img"
        aria-label={findSport(tip.icon)?.label ?? 'Deporte'}
      >
        {sportEmoji(tip.icon)}
      </span>
      <div className="editor-item__body">
        <h3 id={titleId} className="editor-item__title">
          {tip.title}
        </h3>
        <p className="editor-item__meta">
          <time dateTime={tip.matchDate}>{formatMatchDate(tip.matchDate)}</time>
        </p>
        <p className="editor-item__badges">
          <span className={`status-badge status-badge--${statusModifier(tip.status)}`}>
            {matchStatusLabel(tip.status)}
          </span>
          <span className={`tag ${tip.category === 'premium' ? 'tag--vip' : 'tag--free'}`}>
            {tip.category === 'premium' ? 'VIP' : 'Gratis'}
          </span>
          {tip.isPublished ? null : <span className="tag tag--muted">Oculto</span>}
        </p>
      </div>
      <div className="editor-item__actions">
        <ToggleSwitch
          label="Publicado"
          checked={tip.isPublished}
          disabled={busy}
          describedBy={titleId}
          onChange={onTogglePublished}
        />
        <button
          type="button"
          className="btn btn--small btn--outline"
          aria-describedby={titleId}
          onClick={onEdit}
        >
          Editar
        </button>
        <button
          type="button"
          className="btn btn--small btn--danger-outline"
          aria-describedby={titleId}
          onClick={onDelete}
        >
          Eliminar
        </button>
      </div>
    </li>
  );
}

type PagerProps = {
  page: number;
  pages: number;
  total: number;
  loading: boolean;
  onPage: (page: number) => void;
};

function Pager({ page, pages, total, loading, onPage }: PagerProps) {
  const last = Math.max(pages, 1);
  return (
    <nav className="pager" aria-label="Páginas de tips">
      <button
        type="button"
        className="btn btn--small btn--outline"
        disabled={page <= 1 || loading}
        onClick={() => onPage(page - 1)}
      >
        ← Anterior
      </button>
      <p className="pager__status" aria-live="polite">
        Página {page} de {last} · {total} {total === 1 ? 'tip' : 'tips'}
      </p>
      <button
        type="button"
        className="btn btn--small btn--outline"
        disabled={page >= last || loading}
        onClick={() => onPage(page + 1)}
      >
        Siguiente →
      </button>
    </nav>
  );
}
