// Test data of the Códigos tab's tests (not part of the app).
import type { TGiftBatch } from '@magotips/contracts/gift-codes';

export const GIFT_BATCH: TGiftBatch = {
  _id: '1a2b3c4d-0000-4000-8000-000000000000',
  type: 'plan',
  itemName: 'Plan Premium',
  planKey: 'premium',
  packId: null,
  months: 3,
  count: 2,
  expiresAt: null,
  note: 'Sorteo de junio',
  createdAt: '2026-06-01T12:00:00.000Z',
};
