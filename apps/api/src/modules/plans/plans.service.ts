import { ERROR_CODES } from '@magotips/contracts/http-errors';
import type { TSuccessMessage } from '@magotips/contracts/ids';
import { MSG, NOTICE } from '@magotips/contracts/messages';
import { fromCents, toCents } from '@magotips/contracts/money';
import { effectiveGrants } from '@magotips/contracts/plan-grants';
import type {
  TPlan,
  TPlanResponse,
  ZPlanRequest,
  ZPlanUpdateRequest,
} from '@magotips/contracts/subscription-plans';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { PlanRow, PlansRepository, PlanValues } from './plans.repository';

export type PlanInput = z.output<typeof ZPlanRequest>;
export type PlanUpdateInput = z.output<typeof ZPlanUpdateRequest>;

function toPlan(row: PlanRow): TPlan {
  return {
    _id: row.id,
    name: row.name,
    key: row.key,
    price: fromCents(row.priceCents),
    duration: row.durationMonths,
    features: row.features,
    isActive: row.isActive,
    ...effectiveGrants(row),
    trialDays: row.trialDays,
    yearlyPrice: row.yearlyPriceCents === null ? null : fromCents(row.yearlyPriceCents),
  };
}

function values(input: PlanInput): PlanValues {
  return {
    name: input.name,
    key: input.key,
    priceCents: toCents(input.price),
    durationMonths: input.duration,
    features: input.features,
    isActive: input.isActive,
    // Stored as granted, so the entitlement rule reads the fields without the rule again.
    ...effectiveGrants(input),
    trialDays: input.trialDays,
    yearlyPriceCents: input.yearlyPrice === null ? null : toCents(input.yearlyPrice),
  };
}

const keyTaken = () => AppError.conflict(MSG.planKeyTaken, ERROR_CODES.planKeyTaken);

export function createPlansService(deps: { repo: PlansRepository }) {
  const { repo } = deps;

  /** The unique index has the last word: two editors saving the same key at once get a 409. */
  async function uniqueKey<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw keyTaken();
      throw err;
    }
  }

  return {
    /** What the subscription page offers: active plans, in the editor's order. */
    async listActive(): Promise<{ success: true; data: TPlan[] }> {
      return { success: true, data: (await repo.listActive()).map(toPlan) };
    },

    async listAll(): Promise<{ success: true; data: TPlan[] }> {
      return { success: true, data: (await repo.listAll()).map(toPlan) };
    },

    async create(input: PlanInput): Promise<TPlanResponse> {
      if (await repo.findByKey(input.key)) throw keyTaken();
      const row = await uniqueKey(() => repo.insert(values(input)));
      return { success: true, message: NOTICE.planCreated, data: toPlan(row) };
    },

    /** The full plan, or just `{ isActive }` (the list's toggle). */
    async update(id: string, input: PlanUpdateInput): Promise<TPlanResponse> {
      if ('key' in input) {
        const sameKey = await repo.findByKey(input.key);
        if (sameKey && sameKey.id !== id) throw keyTaken();
        const row = await uniqueKey(() => repo.update(id, values(input)));
        if (!row) throw AppError.notFound();
        return { success: true, message: NOTICE.planUpdated, data: toPlan(row) };
      }
      const row = await repo.update(id, { isActive: input.isActive });
      if (!row) throw AppError.notFound();
      const message = input.isActive ? NOTICE.planActivated : NOTICE.planDeactivated;
      return { success: true, message, data: toPlan(row) };
    },

    /** A plan that subscribers or payments point at stays (see docs/decisions/0008). */
    async remove(id: string): Promise<TSuccessMessage> {
      const result = await repo.removeUnlessUsed(id);
      if (result === 'missing') throw AppError.notFound();
      if (result === 'in_use') throw AppError.conflict(MSG.planInUse, ERROR_CODES.planInUse);
      return { success: true, message: NOTICE.planDeleted };
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
