import {
  type GiftCodeState,
  GIFT_EXPIRY_MAX_YEARS,
  GIFT_MSG,
  type TCreateGiftCodesResponse,
  type TGiftCodeSpec,
  type TGiftCodesResponse,
  type TRevokeGiftCodeResponse,
} from '@magotips/contracts/gift-codes';
import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { PAYMENT_MESSAGES } from '@magotips/contracts/payments';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { PlansRepository } from '../plans/plans.repository';
import { toAdminGiftCodeDto, toGiftBatchDto } from './gift-code-dto';
import { giftCodesRepository as repo } from './gift-codes.repository';
import { type GiftGrant, issueGiftCodes } from './issue-gift-codes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const YEAR_MS = 365.25 * 86_400_000;

const invalid = (message: string) => new AppError(ERROR_CODES.validation, 400, message);

/** The admin's side of gift codes: make a batch, list, revoke. */
export function createGiftCodesService(deps: { db: Db; plans: PlansRepository; clock: Clock }) {
  const { db, clock } = deps;

  /** Only what is on sale can be given: an inactive plan or pack is as unknown as a missing one. */
  async function grantOf(spec: TGiftCodeSpec): Promise<GiftGrant> {
    if (spec.type === 'plan') {
      const plan = await deps.plans.findByKey(spec.planKey);
      if (!plan || !plan.isActive) throw AppError.notFound(PAYMENT_MESSAGES.planNotFound);
      return {
        type: 'plan',
        planId: plan.id,
        planKey: plan.key,
        planName: plan.name,
        months: spec.months,
      };
    }
    const pack = await repo.findActivePack(db, spec.packId);
    if (!pack) throw AppError.notFound(PAYMENT_MESSAGES.packNotFound);
    return { type: 'pack', packId: pack.id, packName: pack.nombre };
  }

  return {
    async create(spec: TGiftCodeSpec, adminId: string): Promise<TCreateGiftCodesResponse> {
      const now = clock();
      const expiresAt = spec.expiresAt ? new Date(spec.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= now.getTime()) throw invalid(GIFT_MSG.expiresAtPast);
      if (expiresAt && expiresAt.getTime() > now.getTime() + GIFT_EXPIRY_MAX_YEARS * YEAR_MS)
        throw invalid(GIFT_MSG.expiresAtTooFar);
      const grant = await grantOf(spec);
      const { batch, codes } = await db.transaction((tx) =>
        issueGiftCodes(tx, {
          grant,
          count: spec.count,
          expiresAt,
          note: spec.note,
          createdBy: adminId,
          now,
        }),
      );
      return {
        success: true,
        message: GIFT_MSG.created(codes.length),
        batch: toGiftBatchDto(batch),
        codes,
      };
    },

    async list(query: {
      page: number;
      limit: number;
      state?: GiftCodeState | undefined;
    }): Promise<TGiftCodesResponse> {
      const now = clock();
      const { rows, total } = await repo.list(db, query, now);
      return {
        success: true,
        codes: rows.map((r) => toAdminGiftCodeDto(r, now)),
        pagination: {
          page: query.page,
          limit: query.limit,
          total,
          pages: Math.ceil(total / query.limit),
        },
      };
    },

    async revoke(id: string, adminId: string): Promise<TRevokeGiftCodeResponse> {
      if (!UUID.test(id)) throw AppError.notFound(GIFT_MSG.codeNotFound);
      const now = clock();
      const revoked = await repo.revoke(db, id, adminId, now);
      const row = await repo.findAdminCode(db, id);
      if (!row) throw AppError.notFound(GIFT_MSG.codeNotFound);
      if (!revoked)
        throw AppError.conflict(GIFT_MSG.notRevocable, ERROR_CODES.giftCodeNotRevocable);
      return { success: true, message: GIFT_MSG.revoked, code: toAdminGiftCodeDto(row, now) };
    },
  };
}
export type GiftCodesService = ReturnType<typeof createGiftCodesService>;
