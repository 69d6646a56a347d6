import { formatUsd } from '@magotips/contracts/money';
import { PERIOD_TEXT, yearlySavingPct } from '@magotips/contracts/plan-periods';
import type { TPlan } from '@magotips/contracts/subscription-plans';
import { useDeletePlan } from '../api/delete-plan';
import { useAdminPlans } from '../api/get-admin-plans';
import { useSetPlanActive } from '../api/set-plan-active';
import { ManagementItem } from '../components/management-item';
import { ManagementPanel, useManagementPanel } from '../components/management-panel';
import { PlanForm } from './plan-form';

// SPEC.md §8 Plans.
export const PLANS_LOAD_ERROR = 'Error al cargar los planes de suscripción';
export const PLAN_TOGGLE_ERROR = 'Error al actualizar el estado del plan';
export const PLAN_DELETE_ERROR = 'Error al eliminar el plan';
export const DELETE_PLAN_QUESTION = '¿Estás seguro de que quieres eliminar este plan?';
export const DELETE_PLAN_DETAIL = 'Esta acción no se puede deshacer.';

function months(duration: number): string {
  return duration === 1 ? '1 mes' : `${duration} meses`;
}

/** Editor › Suscripciones: the subscription plans (editor and admin only, checked by the page). */
export function PlansPanel() {
  const panel = useManagementPanel<TPlan>();
  const { feedback, toDelete } = panel;
  const list = useAdminPlans();
  const activate = useSetPlanActive();
  const remove = useDeletePlan();
  const plans = list.data?.data;

  function toggleActive(plan: TPlan, isActive: boolean) {
    feedback.clear();
    activate.mutate(
      { id: plan._id, isActive },
      feedback.handlers(isActive ? 'Plan activado.' : 'Plan desactivado.', PLAN_TOGGLE_ERROR),
    );
  }

  function confirmDelete(plan: TPlan) {
    feedback.clear();
    remove.mutate(plan._id, panel.deleteHandlers('Plan eliminado.', PLAN_DELETE_ERROR));
  }

  return (
    <ManagementPanel
      title="Planes de suscripción"
      count={plans ? (plans.length === 1 ? '1 plan' : `${plans.length} planes`) : null}
      newLabel="Nuevo plan"
      onNew={() => panel.openForm()}
      feedback={feedback}
      list={list}
      loadingText="Cargando planes..."
      loadError={(error) => ({ title: PLANS_LOAD_ERROR, message: error.message })}
      isEmpty={plans?.length === 0}
      emptyText="Todavía no hay planes. Crea el primero con «Nuevo plan»."
      form={
        panel.editing ? (
          <PlanForm plan={panel.editing.item} onCancel={panel.closeForm} onSaved={panel.saved} />
        ) : null
      }
      deleting={
        toDelete
          ? {
              question: DELETE_PLAN_QUESTION,
              detail: `«${toDelete.name}»: ${DELETE_PLAN_DETAIL}`,
              busy: remove.isPending,
              onConfirm: () => confirmDelete(toDelete),
              onCancel: panel.cancelDelete,
            }
          : null
      }
    >
      <ul className="editor-list">
        {plans?.map((plan) => (
          <ManagementItem
            key={plan._id}
            title={plan.name}
            toggle={{
              label: 'Activo',
              checked: plan.isActive,
              busy: activate.isPending && activate.variables?.id === plan._id,
              onChange: (next) => toggleActive(plan, next),
            }}
            onEdit={() => panel.openForm(plan)}
            onDelete={() => panel.askDelete(plan)}
          >
            <PlanDetails plan={plan} />
          </ManagementItem>
        ))}
      </ul>
    </ManagementPanel>
  );
}

function PlanDetails({ plan }: { plan: TPlan }) {
  const saving = yearlySavingPct(plan);
  return (
    <>
      <p className="editor-item__meta">
        <span className="editor-item__price">{formatUsd(plan.price)}</span> al mes ·{' '}
        {months(plan.duration)} · clave <code className="editor-item__code">{plan.key}</code>
      </p>
      {typeof plan.yearlyPrice !== 'number' ? null : (
        <p className="editor-item__meta">
          {PERIOD_TEXT.yearly}:{' '}
          <span className="editor-item__price">{formatUsd(plan.yearlyPrice)}</span>{' '}
          {PERIOD_TEXT.perYear}
          {saving === null ? null : ` · ${PERIOD_TEXT.save(saving)}`}
        </p>
      )}
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
    </>
  );
}
