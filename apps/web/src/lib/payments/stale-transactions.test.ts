import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../test/utils';
import { apiError, authAnswer, json, makeUser, stubApi } from '../../../test/api-double';
import { createSessionStore } from '../session/session-store';
import { checkStoredSession } from '../session/session-sync';
import { settleStoredTransactions } from './stale-transactions';
import { readTransactionId, storeTransactionId } from './transaction-storage';
import { settleStoredTransactionsInBackground } from './stale-transaction-trigger';

const PACK_TX = '9b2e4c6d-8f0a-4b1c-9d3e-5f7a9b1c3d5e';
const SUB_TX = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const packCheck = `GET /packs/check-payment/${PACK_TX}`;
const subCheck = `GET /subscriptions/check-payment/${SUB_TX}`;
const CLEAN = 'POST /packs/clean-pending-transactions';

const transaction = (status: string) => () =>
  json({ success: true, transaction: { transactionId: PACK_TX, status } });

describe('settleStoredTransactions: stale stored ids (SPEC.md §4)', () => {
  it.each(['completed', 'failed', 'cancelled', 'expired'])(
    'forgets an id whose payment is %s, without a cleanup',
    async (status) => {
      storeTransactionId('pack', PACK_TX);
      const api = stubApi({ [packCheck]: transaction(status) });

      await settleStoredTransactions();

      expect(readTransactionId('pack')).toBeNull();
      expect(api.callsTo(CLEAN)).toHaveLength(0);
    },
  );

  it('forgets an id the server does not know (404)', async () => {
    storeTransactionId('subscription', SUB_TX);
    stubApi({ [subCheck]: () => apiError(404, 'Transacción no encontrada', 'NOT_FOUND') });

    await settleStoredTransactions();

    expect(readTransactionId('subscription')).toBeNull();
  });

  it('keeps the id when the server cannot be reached', async () => {
    storeTransactionId('pack', PACK_TX);
    const api = stubApi({ [packCheck]: () => apiError(503, 'Mantenimiento', 'UNAVAILABLE') });

    await settleStoredTransactions();

    expect(readTransactionId('pack')).toBe(PACK_TX);
    expect(api.callsTo(CLEAN)).toHaveLength(0);
  });

  it('runs the silent cleanup for a payment still pending, and on success forgets both ids', async () => {
    storeTransactionId('pack', PACK_TX);
    storeTransactionId('subscription', SUB_TX);
    const api = stubApi({
      [packCheck]: transaction('pending'),
      [subCheck]: () => apiError(503, 'Mantenimiento', 'UNAVAILABLE'),
      [CLEAN]: () => json({ success: true, results: { cancelled: 1 }, message: 'Listo' }),
    });

    await settleStoredTransactions();

    expect(api.callsTo(CLEAN)).toHaveLength(1);
    expect(api.callsTo(CLEAN)[0]?.body).toBeUndefined();
    expect(readTransactionId('pack')).toBeNull();
    expect(readTransactionId('subscription')).toBeNull();
  });

  it('keeps the pending id when the cleanup fails', async () => {
    storeTransactionId('pack', PACK_TX);
    stubApi({
      [packCheck]: transaction('pending'),
      [CLEAN]: () => apiError(500, 'Error', 'INTERNAL_ERROR'),
    });

    await settleStoredTransactions();

    expect(readTransactionId('pack')).toBe(PACK_TX);
  });

  it('asks once for calls made while a check is running', async () => {
    storeTransactionId('pack', PACK_TX);
    const api = stubApi({ [packCheck]: transaction('completed') });

    await Promise.all([settleStoredTransactions(), settleStoredTransactions()]);

    expect(api.callsTo(packCheck)).toHaveLength(1);
  });
});

describe('the session start-up check', () => {
  it('checks the stored ids once the stored session is confirmed', async () => {
    storeSession();
    storeTransactionId('pack', PACK_TX);
    const api = stubApi({
      'POST /auth/me_verify': () => authAnswer(makeUser(), 'renewed'),
      [packCheck]: transaction('cancelled'),
    });

    await checkStoredSession(createSessionStore());

    await waitFor(() => expect(readTransactionId('pack')).toBeNull());
    expect(api.callsTo(packCheck)).toHaveLength(1);
  });

  it('calls nothing when no id is stored', async () => {
    storeSession();
    const api = stubApi({ 'POST /auth/me_verify': () => authAnswer(makeUser(), 'renewed') });

    await checkStoredSession(createSessionStore());
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(api.calls.map((call) => call.key)).toEqual(['POST /auth/me_verify']);
  });

  it('leaves the ids to the result page on /payment/success', async () => {
    storeTransactionId('pack', PACK_TX);
    const api = stubApi({ [packCheck]: transaction('completed') });
    window.history.pushState({}, '', '/payment/success?session_id=cs_1&type=pack');
    try {
      settleStoredTransactionsInBackground();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(api.calls).toHaveLength(0);
      expect(readTransactionId('pack')).toBe(PACK_TX);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
