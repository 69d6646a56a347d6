// Shared data for the editor's component tests (not part of the app).
import type { TManagementPack } from '@magotips/contracts/packs';
import type { TPlan } from '@magotips/contracts/subscription-plans';
import type { TManagementTip } from '@magotips/contracts/tips';
import { TEST_USER } from '../../../../test/utils';
import type { TSessionUser } from '../../../lib/session/session-user';

export const EDITOR: TSessionUser = {
  ...TEST_USER,
  roles: [{ name: 'user' }, { name: 'editor' }],
};
export const EDITOR_ADMIN: TSessionUser = {
  ...TEST_USER,
  roles: [{ name: 'user' }, { name: 'editor' }, { name: 'admin' }],
};

export function tipId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function managementTip(n: number, overrides: Partial<TManagementTip> = {}): TManagementTip {
  return {
    _id: tipId(n),
    icon: 'football',
    title: `Partido ${n}`,
    matchDate: '2025-08-10T12:00:00.000Z',
    analisis: `Análisis del partido ${n}.`,
    category: 'free',
    isPublished: true,
    status: 'pendiente',
    createdAt: '2025-08-01T12:00:00.000Z',
    updatedAt: '2025-08-01T12:00:00.000Z',
    // An old tip without a bet, as every tip was before issue 14; betTip() gives one a bet.
    pick: null,
    odds: null,
    stake: null,
    bookmaker: null,
    result: 'pendiente',
    publishedAt: '2025-08-01T12:00:00.000Z',
    publishAt: null,
    settledAt: null,
    locked: false,
    publishedLate: false,
    ...overrides,
  };
}

/** A tip with a bet (issue 14): 'Gana Real Madrid' at 1,85 for 3 units. */
export function betTip(n: number, overrides: Partial<TManagementTip> = {}): TManagementTip {
  return managementTip(n, {
    pick: 'Gana Real Madrid',
    odds: 1.85,
    stake: 3,
    bookmaker: 'Bet365',
    ...overrides,
  });
}

export function tipsPage(tips: TManagementTip[], page: number, total: number, limit = 10) {
  return {
    success: true,
    tips,
    pagination: { page, limit, pages: Math.ceil(total / limit), total },
  };
}

/** One answer of the list by match date: the page and the cursors around it. */
export function tipsByMatch(
  tips: TManagementTip[],
  total: number,
  cursors: { next?: string; previous?: string } = {},
  limit = 10,
) {
  return {
    success: true,
    tips,
    pagination: {
      limit,
      pages: Math.ceil(total / limit),
      total,
      next: cursors.next ?? null,
      previous: cursors.previous ?? null,
    },
  };
}

export const PACK: TManagementPack = {
  _id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  nombre: 'Pack Estados Unidos',
  descripcion: 'NFL, NBA y NCAAF.',
  precio: 14.99,
  tips: [
    {
      _id: tipId(1),
      title: 'Chiefs vs. Bills',
      icon: 'american-futball',
      matchDate: '2025-08-10T12:00:00.000Z',
      category: 'premium',
    },
  ],
  activo: true,
  createdAt: '2025-08-01T12:00:00.000Z',
};

export const PLAN: TPlan = {
  _id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  name: 'Plan Premium',
  key: 'premium',
  price: 19.99,
  duration: 1,
  features: ['Todos los tips VIP', 'Soporte por WhatsApp'],
  isActive: true,
  grantsAllVipTips: true,
  includesPacks: true,
  trialDays: 0,
  yearlyPrice: null,
};
