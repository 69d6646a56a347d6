import { formatUsd } from '@magotips/contracts/money';
import type { TManagementPack } from '@magotips/contracts/packs';
import { useId, useState } from 'react';
import { useDeletePack } from '../api/delete-pack';
import { useManagementPacks } from '../api/get-management-packs';
import { useSetPackActive } from '../api/set-pack-active';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  ActionError,
  ActionNotice,
  EmptyState,
  ErrorPanel,
  LoadingState,
} from '../../../components/ui/list-states';
import { ToggleSwitch } from '../components/toggle-switch';
import { PackForm } from './pack-form';

export const DELETE_PACK_QUESTION = '¿Estás seguro de que quieres eliminar este pack?';

type Editing = { pack?: TManagementPack } | null;
type Failure = { title: string; message: string } | null;

/** Editor › Packs: every pack with create, edit, active toggle and delete. */
export function PacksPanel() {
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<TManagementPack | null>(null);
  const [failure, setFailure] = useState<Failure>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A save's notice takes the focus the closed form held (issue 13, item 16).
  const [focusNotice, setFocusNotice] = useState(false);
  const list = useManagementPacks();
  const activate = useSetPackActive();
  const remove = useDeletePack();

  if (editing) {
    return (
      <PackForm
        pack={editing.pack}
        onCancel={() => setEditing(null)}
        onSaved={(text) => {
          setEditing(null);
          setNotice(text);
          setFocusNotice(true);
        }}
      />
    );
  }

  function toggleActive(pack: TManagementPack, isActive: boolean) {
    setFailure(null);
    setNotice(null);
    activate.mutate(
      { id: pack._id, isActive },
      {
        onSuccess: () => setNotice(isActive ? 'Pack activado.' : 'Pack desactivado.'),
        onError: (error) =>
          setFailure({ title: 'Error al actualizar el estado del pack', message: error.message }),
      },
    );
  }

  function confirmDelete() {
    if (!toDelete) return;
    setFailure(null);
    setNotice(null);
    remove.mutate(toDelete._id, {
      onSuccess: () => setNotice('Pack eliminado.'),
      onError: (error) =>
        setFailure({ title: 'Error al eliminar el pack', message: error.message }),
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <div className="editor-panel">
      <div className="editor-panel__head">
        <div>
          <h2 className="editor-panel__title">Packs</h2>
          {list.data ? (
            <p className="editor-panel__count">
              {list.data.data.length === 1 ? '1 pack' : `${list.data.data.length} packs`}
            </p>
          ) : null}
        </div>
        <button type="button" className="btn btn--gold" onClick={() => setEditing({})}>
          Nuevo pack
        </button>
      </div>
      <ActionNotice text={notice} focus={focusNotice} onFocused={() => setFocusNotice(false)} />
      {failure ? (
        <ActionError
          title={failure.title}
          message={failure.message}
          onDismiss={() => setFailure(null)}
        />
      ) : null}

      {list.status === 'pending' ? (
        <LoadingState text="Cargando packs..." />
      ) : list.status === 'error' ? (
        <ErrorPanel
          title="Error al cargar los packs"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        <EmptyState>
          <p>Todavía no hay packs. Crea el primero con «Nuevo pack».</p>
        </EmptyState>
      ) : (
        <ul className="editor-list">
          {list.data.data.map((pack) => (
            <PackRow
              key={pack._id}
              pack={pack}
              busy={activate.isPending && activate.variables?.id === pack._id}
              onEdit={() => {
                setNotice(null);
                setEditing({ pack });
              }}
              onToggleActive={(next) => toggleActive(pack, next)}
              onDelete={() => setToDelete(pack)}
            />
          ))}
        </ul>
      )}

      {toDelete ? (
        <ConfirmDialog
          question={DELETE_PACK_QUESTION}
          detail={`«${toDelete.nombre}» se eliminará para siempre.`}
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

type PackRowProps = {
  pack: TManagementPack;
  busy: boolean;
  onEdit: () => void;
  onToggleActive: (next: boolean) => void;
  onDelete: () => void;
};

function PackRow({ pack, busy, onEdit, onToggleActive, onDelete }: PackRowProps) {
  const titleId = useId();
  return (
    <li className="editor-item editor-item--no-icon">
      <div className="editor-item__body">
        <h3 id={titleId} className="editor-item__title">
          {pack.nombre}
        </h3>
        <p className="editor-item__meta">
          <span className="editor-item__price">{formatUsd(pack.precio)}</span> ·{' '}
          {pack.tips.length === 1 ? '1 tip VIP' : `${pack.tips.length} tips VIP`}
        </p>
        {pack.activo ? null : (
          <p className="editor-item__badges">
            <span className="tag tag--muted">Inactivo</span>
          </p>
        )}
        {pack.descripcion ? <p className="editor-item__text">{pack.descripcion}</p> : null}
      </div>
      <div className="editor-item__actions">
        <ToggleSwitch
          label="Activo"
          checked={pack.activo}
          disabled={busy}
          describedBy={titleId}
          onChange={onToggleActive}
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
