import { ERROR_CODES } from '@magotips/contracts/http-errors';
import type { TSuccessMessage } from '@magotips/contracts/ids';
import { deriveMatchStatus } from '@magotips/contracts/match-status';
import { MSG, NOTICE } from '@magotips/contracts/messages';
import { fromCents, toCents } from '@magotips/contracts/money';
import type {
  PackStatus,
  TAvailablePack,
  TManagementPack,
  TPackResponse,
  ZPackRequest,
} from '@magotips/contracts/packs';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { isForeignKeyViolation } from '../../lib/db-errors';
import type { Clock } from '../../lib/clock';
import type { Viewer } from '../tips/entitlement';
import type { PackPurchaseInfo, PacksRepository, PackWithTips } from './packs.repository';

export type PackInput = z.output<typeof ZPackRequest>;

function toManagementPack(pack: PackWithTips): TManagementPack {
  return {
    _id: pack.id,
    nombre: pack.nombre,
    descripcion: pack.descripcion,
    precio: fromCents(pack.priceCents),
    tips: pack.tips.map((t) => ({
      _id: t.id,
      title: t.title,
      icon: t.icon,
      matchDate: t.matchDate.toISOString(),
      category: t.category,
      isPublished: t.isPublished,
    })),
    activo: pack.activo,
    createdAt: pack.createdAt.toISOString(),
  };
}

/** A pack sells while one of its matches has not finished (pending or under way). */
function packStatus(
  pack: PackWithTips,
  purchase: PackPurchaseInfo | undefined,
  now: Date,
): PackStatus {
  if (purchase) return 'purchased';
  const open = pack.tips.some((t) => deriveMatchStatus(t.matchDate, t.icon, now) !== 'terminado');
  return open ? 'available' : 'unavailable';
}

/** The public card of a pack: its matches, never their analysis. */
const PACK_STATUS_ORDER: Record<TAvailablePack['packStatus'], number> = {
  available: 0,
  purchased: 1,
  unavailable: 2,
};

function toAvailablePack(
  pack: PackWithTips,
  purchase: PackPurchaseInfo | undefined,
  now: Date,
): TAvailablePack {
  return {
    _id: pack.id,
    nombre: pack.nombre,
    descripcion: pack.descripcion,
    precio: fromCents(pack.priceCents),
    isPurchased: purchase !== undefined,
    packStatus: packStatus(pack, purchase, now),
    transactionInfo: purchase
      ? { transactionId: purchase.transactionId, purchasedAt: purchase.purchasedAt.toISOString() }
      : null,
    partidos: pack.tips.map((t) => ({
      tipId: t.id,
      nombre: t.title,
      fecha: t.matchDate.toISOString(),
      icon: t.icon,
      status: deriveMatchStatus(t.matchDate, t.icon, now),
    })),
  };
}

export function createPacksService(deps: { repo: PacksRepository; clock: Clock }) {
  const { repo } = deps;

  /** The tips a pack may hold: existing premium tips, each once, in the editor's order. */
  async function validTipIds(requested: string[]): Promise<string[]> {
    const ids = [...new Set(requested)];
    const premium = await repo.premiumTipIds(ids);
    if (premium.size === 0) throw new AppError(ERROR_CODES.validation, 400, MSG.packTipsRequired);
    if (premium.size < ids.length)
      throw new AppError(ERROR_CODES.validation, 400, MSG.packTipsInvalid);
    return ids;
  }

  /** A tip deleted between the check and the write is the same mistake as an unknown tip. */
  async function writingTips<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isForeignKeyViolation(err))
        throw new AppError(ERROR_CODES.validation, 400, MSG.packTipsInvalid);
      throw err;
    }
  }

  function values(input: PackInput) {
    return {
      nombre: input.nombre,
      descripcion: input.descripcion,
      priceCents: toCents(input.precio),
      activo: input.activo,
    };
  }

  async function managed(id: string): Promise<TManagementPack> {
    const pack = await repo.findById(id);
    if (!pack) throw AppError.notFound();
    return toManagementPack(pack);
  }

  return {
    async listManagement(): Promise<{ success: true; data: TManagementPack[] }> {
      return { success: true, data: (await repo.listAll()).map(toManagementPack) };
    },

    /** Active packs for anyone; a signed-in caller also learns which ones they own. */
    async available(viewer: Viewer): Promise<{ success: true; data: TAvailablePack[] }> {
      const now = deps.clock();
      const list = await repo.listActive();
      const purchases = viewer
        ? await repo.purchasesOf(
            viewer.userId,
            list.map((p) => p.id),
          )
        : new Map<string, PackPurchaseInfo>();
      const data = list.map((p) => toAvailablePack(p, purchases.get(p.id), now));
      // What can be bought first, then what the caller owns, then packs whose matches are over;
      // the stable sort keeps the repository's newest-first order inside each group.
      data.sort((a, b) => PACK_STATUS_ORDER[a.packStatus] - PACK_STATUS_ORDER[b.packStatus]);
      return { success: true, data };
    },

    async create(userId: string, input: PackInput): Promise<TPackResponse> {
      const tipIds = await validTipIds(input.tips);
      const id = await writingTips(() =>
        repo.insert({ ...values(input), createdBy: userId }, tipIds),
      );
      return { success: true, message: NOTICE.packCreated, data: await managed(id) };
    },

    async update(id: string, input: PackInput): Promise<TPackResponse> {
      const tipIds = await validTipIds(input.tips);
      if (!(await writingTips(() => repo.update(id, values(input), tipIds))))
        throw AppError.notFound();
      return { success: true, message: NOTICE.packUpdated, data: await managed(id) };
    },

    async setActive(id: string, isActive: boolean): Promise<TPackResponse> {
      if (!(await repo.setActive(id, isActive))) throw AppError.notFound();
      const message = isActive ? NOTICE.packActivated : NOTICE.packDeactivated;
      return { success: true, message, data: await managed(id) };
    },

    /** A pack somebody bought (or is paying for) stays: buyers keep reading it, and the editor
     * deactivates it to stop selling it. See docs/decisions/0008. */
    async remove(id: string): Promise<TSuccessMessage> {
      const result = await repo.removeUnlessUsed(id);
      if (result === 'missing') throw AppError.notFound();
      if (result === 'in_use') throw AppError.conflict(MSG.packInUse, ERROR_CODES.packInUse);
      return { success: true, message: NOTICE.packDeleted };
    },
  };
}
export type PacksService = ReturnType<typeof createPacksService>;
