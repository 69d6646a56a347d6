/** How many placeholder plans show while the plans load: the three the catalogue usually holds. */
export const PLAN_SKELETON_COUNT = 3;

/** A plan card's shape, with ghost text in place of the plan, so the list takes the room the
 * real cards will and nothing below it jumps when they arrive (issue 13 item 9). */
export function PlanCardSkeleton() {
  return (
    <div className="plan-card plan-card--skeleton" aria-hidden="true">
      <span className="plan-card__input plan-card__input--ghost" />
      <div className="plan-card__label">
        <span className="plan-card__name">Plan VIP</span>
        <span className="plan-card__price">
          $00.00 <span className="plan-card__period">/ mes</span>
        </span>
      </div>
      <div className="plan-card__details">
        <p className="plan-card__duration">Duración: 1 mes</p>
        <ul className="plan-benefits">
          <li className="plan-benefits__item">Todos los tips VIP de la semana</li>
          <li className="plan-benefits__item">Notificaciones por Telegram</li>
          <li className="plan-benefits__item">Soporte por e-mail</li>
        </ul>
      </div>
    </div>
  );
}
