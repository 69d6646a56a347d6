import { needsPriceConfirmation } from '@magotips/contracts/price-schema';
import { useState, type ReactNode } from 'react';
import { PriceConfirmDialog } from './price-field';

type PriceCheckOptions<V> = {
  what: 'pack' | 'plan';
  priceOf: (values: V) => number;
  /** The price saved before, when editing: an unchanged price is not asked about again. */
  previous: number | undefined;
  persist: (values: V) => Promise<void>;
  /** Back to the price field when the editor says no. */
  onRefused: () => void;
};

/**
 * A price above $500 waits for the editor's confirmation before it is saved (decision 0035).
 * `submit` saves or asks; `dialog` is the question, while it is open.
 */
export function usePriceCheck<V>({
  what,
  priceOf,
  previous,
  persist,
  onRefused,
}: PriceCheckOptions<V>) {
  const [unconfirmed, setUnconfirmed] = useState<V | null>(null);

  async function submit(values: V) {
    if (needsPriceConfirmation(priceOf(values), previous)) {
      setUnconfirmed(values);
      return;
    }
    await persist(values);
  }

  function dialog(busy: boolean): ReactNode {
    if (unconfirmed === null) return null;
    return (
      <PriceConfirmDialog
        what={what}
        price={priceOf(unconfirmed)}
        busy={busy}
        onConfirm={() => {
          const values = unconfirmed;
          setUnconfirmed(null);
          void persist(values);
        }}
        onCancel={() => {
          setUnconfirmed(null);
          onRefused();
        }}
      />
    );
  }

  return { submit, dialog };
}
