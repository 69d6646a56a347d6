import type { PaymentMethod } from '@magotips/contracts/payments';
import { MONTHS_PER_YEAR } from '@magotips/contracts/plan-periods';
import { isPaymentMethod } from '../../lib/payments/payment-methods';

export type PurchaseMatch = { name: string; date: string | null; icon: string | null; status: string | null };

export type PackItem = {
  /** null when the item carries no usable id: the purchase then stops with 'ID del pack no válido'. */
  id: string | null;
  name: string;
  price: number;
  description: string;
  matches: PurchaseMatch[];
};

export type PlanItem = {
  key: string;
  name: string;
  price: number;
  duration: number;
  features: string[];
  /** The plan's free days (decision 0098); 0 when it has none or does not say. */
  trialDays: number;
  /** Also sold by the year at this price (decision 0099); null when it is not. */
  yearlyPrice: number | null;
};

/** What one period of the purchase costs and lasts: the plan's own, or the year's. */
export type PlanCharge = { amount: number; months: number; yearly: boolean };

/** The period bought; null for the year of a plan not sold by the year (an old link). */
export function planCharge(plan: PlanItem, yearly: boolean): PlanCharge | null {
  if (!yearly) return { amount: plan.price, months: plan.duration || 1, yearly: false };
  return plan.yearlyPrice === null
    ? null
    : { amount: plan.yearlyPrice, months: MONTHS_PER_YEAR, yearly: true };
}

/** The navigation state as /purchase understands it. An item it cannot read is `null`: the page
 * then says 'No hay datos de compra disponibles' instead of guessing a price. */
export type ParsedPurchase =
  | { kind: 'missing' }
  | { kind: 'pack'; pack: PackItem | null }
  | {
      kind: 'subscription';
      plan: PlanItem | null;
      recurring: boolean;
      paymentMethod: PaymentMethod | null;
      /** Billed by the year (`?periodo=anual`, decision 0101). */
      yearly: boolean;
    }
  | { kind: 'unsupported' };

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(record: Fields, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

function amount(record: Fields, ...keys: string[]): number | null {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  }
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toMatch(value: unknown): PurchaseMatch | null {
  if (!isRecord(value)) return null;
  return {
    // SPEC.md §3: a pack's tips are shown as partidos (nombre, fecha, icon, status).
    name: text(value, 'nombre', 'title') ?? 'Partido',
    date: text(value, 'fecha', 'matchDate'),
    icon: text(value, 'icon'),
    status: text(value, 'status'),
  };
}

// SPEC.md §3 allows either the Spanish or the English field names for a pack.
function toPack(item: unknown): PackItem | null {
  if (!isRecord(item)) return null;
  const name = text(item, 'nombre', 'name');
  const price = amount(item, 'precio', 'price');
  if (name === null || price === null) return null;
  const id = text(item, '_id');
  const rawMatches = Array.isArray(item.partidos)
    ? item.partidos
    : Array.isArray(item.tips)
      ? item.tips
      : [];
  return {
    id: id !== null && UUID.test(id) ? id : null,
    name,
    price,
    description: text(item, 'descripcion', 'description') ?? '',
    matches: rawMatches.map(toMatch).filter((match) => match !== null),
  };
}

function toPlan(item: unknown): PlanItem | null {
  if (!isRecord(item)) return null;
  const key = text(item, 'key');
  const name = text(item, 'name');
  const price = amount(item, 'price');
  if (key === null || name === null || price === null) return null;
  const duration = amount(item, 'duration');
  return {
    key,
    name,
    price,
    // SPEC.md §9: a subscription lasts one month unless the plan says otherwise.
    duration: duration !== null && Number.isInteger(duration) ? duration : 1,
    features: Array.isArray(item.features)
      ? item.features.filter((feature): feature is string => typeof feature === 'string')
      : [],
    trialDays: amount(item, 'trialDays') ?? 0,
    yearlyPrice: amount(item, 'yearlyPrice'),
  };
}

/** The navigation state and, for a plan, the period the address asks for. */
export function parsePurchaseState(state: unknown, yearly = false): ParsedPurchase {
  // SPEC.md §2: without an item and a purchase type there is nothing to confirm.
  if (!isRecord(state) || state.item == null || state.type == null) return { kind: 'missing' };
  if (state.type === 'pack') return { kind: 'pack', pack: toPack(state.item) };
  if (state.type === 'subscription') {
    return {
      kind: 'subscription',
      plan: toPlan(state.item),
      // SPEC.md §9: recurring payment is on unless the buyer unticked it.
      recurring: state.recurring !== false,
      paymentMethod: isPaymentMethod(state.paymentMethod) ? state.paymentMethod : null,
      yearly,
    };
  }
  return { kind: 'unsupported' };
}
