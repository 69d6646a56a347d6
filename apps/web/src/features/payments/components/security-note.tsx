/** SPEC.md §2: immediate access, personalised support and a satisfaction guarantee. */
export const SECURITY_POINTS = [
  'Acceso inmediato en cuanto se confirme el pago',
  'Soporte personalizado si tienes cualquier duda',
  'Garantía de satisfacción',
] as const;

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
