import { shortHash } from '../ledger-format';

/**
 * A hex value shown by its first 16 digits, the whole of it one press away: a native
 * <details>, so keyboards and screen readers open it, and the full value wraps (no clipping)
 * and can be selected and copied.
 */
export function HashText({ label, value }: { label: string; value: string }) {
  return (
    <details className="lg-hash">
      <summary>
        <code>{shortHash(value)}…</code>
        <span className="visually-hidden"> ({label}: ver el valor completo)</span>
      </summary>
      <code className="lg-hash__full">{value}</code>
    </details>
  );
}
