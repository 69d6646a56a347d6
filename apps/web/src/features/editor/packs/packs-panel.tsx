import { formatUsd } from '@magotips/contracts/money';
import type { TManagementPack } from '@magotips/contracts/packs';
import { useDeletePack } from '../api/delete-pack';
import { useManagementPacks } from '../api/get-management-packs';
import { useSetPackActive } from '../api/set-pack-active';
import { ManagementItem } from '../components/management-item';
import { ManagementPanel, useManagementPanel } from '../components/management-panel';
import { PackForm } from './pack-form';

export const DELETE_PACK_QUESTION = '¿Estás seguro de que quieres eliminar este pack?';

/** Editor › Packs: every pack with create, edit, active toggle and delete. */
export function PacksPanel() {
  const panel = useManagementPanel<TManagementPack>();
  const { feedback, toDelete } = panel;
  const list = useManagementPacks();
  const activate = useSetPackActive();
  const remove = useDeletePack();
  const packs = list.data?.data;

  function toggleActive(pack: TManagementPack, isActive: boolean) {
    feedback.clear();
    activate.mutate(
      { id: pack._id, isActive },
      feedback.handlers(
        isActive ? 'Pack activado.' : 'Pack desactivado.',
        'Error al actualizar el estado del pack',
      ),
    );
  }

  function confirmDelete(pack: TManagementPack) {
    feedback.clear();
    remove.mutate(pack._id, panel.deleteHandlers('Pack eliminado.', 'Error al eliminar el pack'));
  }

  return (
    <ManagementPanel
      title="Packs"
      count={packs ? (packs.length === 1 ? '1 pack' : `${packs.length} packs`) : null}
      newLabel="Nuevo pack"
      onNew={() => panel.openForm()}
      feedback={feedback}
      list={list}
      loadingText="Cargando packs..."
      loadError={(error) => ({ title: 'Error al cargar los packs', message: error.message })}
      isEmpty={packs?.length === 0}
      emptyText="Todavía no hay packs. Crea el primero con «Nuevo pack»."
      form={
        panel.editing ? (
          <PackForm pack={panel.editing.item} onCancel={panel.closeForm} onSaved={panel.saved} />
        ) : null
      }
      deleting={
        toDelete
          ? {
              question: DELETE_PACK_QUESTION,
              detail: `«${toDelete.nombre}» se eliminará para siempre.`,
              busy: remove.isPending,
              onConfirm: () => confirmDelete(toDelete),
              onCancel: panel.cancelDelete,
            }
          : null
      }
    >
      <ul className="editor-list">
        {packs?.map((pack) => (
          <ManagementItem
            key={pack._id}
            title={pack.nombre}
            toggle={{
              label: 'Activo',
              checked: pack.activo,
              busy: activate.isPending && activate.variables?.id === pack._id,
              onChange: (next) => toggleActive(pack, next),
            }}
            onEdit={() => panel.openForm(pack)}
            onDelete={() => panel.askDelete(pack)}
          >
            <PackDetails pack={pack} />
          </ManagementItem>
        ))}
      </ul>
    </ManagementPanel>
  );
}

function PackDetails({ pack }: { pack: TManagementPack }) {
  return (
    <>
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
    </>
  );
}
