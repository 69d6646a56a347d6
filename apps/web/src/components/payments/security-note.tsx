import { SECURITY_POINTS } from '@magotips/contracts/purchase-consent';

// SPEC.md §2's note (immediate access, personalised support, a guarantee), worded as the terms
// allow (decision 0034): no "satisfaction guarantee" where used content is not refunded.

export function SecurityNote() {
  return (
    <aside className="security-note" aria-label="Compra segura">
      <p className="security-note__title">
        <span aria-hidden="true">🔒</span> Compra segura
      </p>
      <ul className="security-note__list">
        {SECURITY_POINTS.map((point) => (
          <li key={point} className="security-note__item">
            {point}
          </li>
        ))}
      </ul>
    </aside>
  );
}
