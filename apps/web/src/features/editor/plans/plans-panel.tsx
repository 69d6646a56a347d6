import { formatUsd } from '@magotips/contracts/money';
import type { TPlan } from '@magotips/contracts/subscription-plans';
import { useId, useState } from 'react';
import { useDeletePlan } from '../api/delete-plan';
import { useAdminPlans } from '../api/get-admin-plans';
import { useSetPlanActive } from '../api/set-plan-active';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  ActionError,
  ActionNotice,
  EmptyState,
  ErrorPanel,
  LoadingState,
} from '../../../components/ui/list-states';
import { ToggleSwitch } from '../components/toggle-switch';
import { PlanForm } from './plan-form';

// SPEC.md §8 Plans.
export const PLANS_LOAD_ERROR = 'Error al cargar los planes de suscripción';
export const PLAN_TOGGLE_ERROR = 'Error al actualizar el estado del plan';
export const PLAN_DELETE_ERROR = 'Error al eliminar el plan';
export const DELETE_PLAN_QUESTION = '¿Estás seguro de que quieres eliminar este plan?';
export const DELETE_PLAN_DETAIL = 'Esta acción no se puede deshacer.';

type Editing = { plan?: TPlan } | null;
type Failure = { title: string; message: string } | null;

function months(duration: number): string {
  return duration === 1 ? '1 mes' : `${duration} meses`;
}

/** Editor › Suscripciones: the subscription plans (editor and admin only, checked by the page). */
export function PlansPanel() {
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<TPlan | null>(null);
  const [failure, setFailure] = useState<Failure>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A save's notice takes the focus the closed form held (issue 13, item 16).
  const [focusNotice, setFocusNotice] = useState(false);
  const list = useAdminPlans();
  const activate = useSetPlanActive();
  const remove = useDeletePlan();

  if (editing) {
    return (
      <PlanForm
        plan={editing.plan}
        onCancel={() => setEditing(null)}
        onSaved={(text) => {
          setEditing(null);
          setNotice(text);
          setFocusNotice(true);
        }}
      />
    );
  }

  function toggleActive(plan: TPlan, isActive: boolean) {
    setFailure(null);
    setNotice(null);
    activate.mutate(
      { id: plan._id, isActive },
      {
        onSuccess: () => setNotice(isActive ? 'Plan activado.' : 'Plan desactivado.'),
        onError: (error) => setFailure({ title: PLAN_TOGGLE_ERROR, message: error.message }),
      },
    );
  }

  function confirmDelete() {
    if (!toDelete) return;
    setFailure(null);
    setNotice(null);
    remove.mutate(toDelete._id, {
      onSuccess: () => setNotice('Plan eliminado.'),
      onError: (error) => setFailure({ title: PLAN_DELETE_ERROR, message: error.message }),
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <div className="editor-panel">
      <div className="editor-panel__head">
        <div>
          <h2 className="editor-panel__title">Planes de suscripción</h2>
          {list.data ? (
            <p className="editor-panel__count">
              {list.data.data.length === 1 ? '1 plan' : `${list.data.data.length} planes`}
            </p>
          ) : null}
        </div>
        <button type="button" className="btn btn--gold" onClick={() => setEditing({})}>
          Nuevo plan
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
        <LoadingState text="Cargando planes..." />
      ) : list.status === 'error' ? (
        <ErrorPanel
          title={PLANS_LOAD_ERROR}
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        <EmptyState>
          <p>Todavía no hay planes. Crea el primero con «Nuevo plan».</p>
        </EmptyState>
      ) : (
        <ul className="editor-list">
          {list.data.data.map((plan) => (
            <PlanRow
              key={plan._id}
              plan={plan}
              busy={activate.isPending && activate.variables?.id === plan._id}
              onEdit={() => {
                setNotice(null);
                setEditing({ plan });
              }}
              onToggleActive={(next) => toggleActive(plan, next)}
              onDelete={() => setToDelete(plan)}
            />
          ))}
        </ul>
      )}

      {toDelete ? (
        <ConfirmDialog
          question={DELETE_PLAN_QUESTION}
          detail={`«${toDelete.name}»: ${DELETE_PLAN_DETAIL}`}
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

type PlanRowProps = {
  plan: TPlan;
  busy: boolean;
  onEdit: () => void;
  onToggleActive: (next: boolean) => void;
  onDelete: () => void;
};

function PlanRow({ plan, busy, onEdit, onToggleActive, onDelete }: PlanRowProps) {
  const titleId = useId();
  return (
    <li className="editor-item editor-item--no-icon">
      <div className="editor-item__body">
        <h3 id={titleId} className="editor-item__title">
          {plan.name}
        </h3>
        <p className="editor-item__meta">
          <span className="editor-item__price">{formatUsd(plan.price)}</span> al mes ·{' '}
          {months(plan.duration)} · clave <code className="editor-item__code">{plan.key}</code>
        </p>
        {plan.isActive ? null : (
          <p className="editor-item__badges">
            <span className="tag tag--muted">Inactivo</span>
          </p>
        )}
        {plan.features.length > 0 ? (
          <ul className="editor-item__features">
            {plan.features.map((feature, index) => (
              <li key={`${index}-${feature}`}>{feature}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="editor-item__actions">
        <ToggleSwitch
          label="Activo"
          checked={plan.isActive}
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
