import { describe, expect, it } from 'vitest';
import { ZAuthResponse } from '@magotips/contracts/auth';
import { ZAvailablePacksResponse } from '@magotips/contracts/packs';
import {
  ZMyPacksResponse,
  ZPaymentCreateResponse,
  ZTransactionResponse,
} from '@magotips/contracts/payments';
import { ZTipDetailResponse, ZTipLockedResponse } from '@magotips/contracts/tips';
import { scaleOut } from './context';
import { answers, call, randomIp } from './http';
import { linesWith, readLog } from './logs';
import { until } from './poll';
import { count } from './sql';

// Instance A is killed here (the global teardown copes with a dead instance; test 07 starts it
// again).
// The checkout lives in PostgreSQL, not in the process that created it, so the person pays on
// the page the load balancer now serves from B and ends up owning the pack.

describe('a pack purchase while the instance that created it dies', () => {
  const { a, b, appUrl, databaseUrl } = scaleOut();
  const ip = randomIp();

  it('is paid and delivered through B after A is SIGKILLed', async () => {
    const login = await call(a, 'POST', '/api/auth/login', {
      ip,
      json: { email: 'usuario@example.com', password: 'demo1234' },
    });
    expect(login.status).toBe(200);
    const { token, user } = ZAuthResponse.parse(login.body);

    const packs = ZAvailablePacksResponse.parse(
      (await call(a, 'GET', '/api/packs/disponibles', { ip, token })).body,
    );
    const pack = packs.data.find((p) => p.packStatus === 'available' && !p.isPurchased);
    if (!pack) throw new Error('the demo has no pack on sale');
    // A VIP tip of the pack the user cannot read yet.
    let lockedTipId: string | null = null;
    for (const match of pack.partidos) {
      const tip = await call(b, 'GET', `/api/tips/${match.tipId}`, { ip, token });
      if (tip.status === 403 && ZTipLockedResponse.safeParse(tip.body).success) {
        lockedTipId = match.tipId;
        break;
      }
    }
    if (!lockedTipId) throw new Error(`pack ${pack.nombre} has no locked tip`);

    const created = await call(a, 'POST', '/api/packs/create-payment-stripe', {
      ip,
      token,
      json: { packId: pack._id, amount: pack.precio, currency: 'USD', immediateAccessConsent: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { payment } = ZPaymentCreateResponse.parse(created.body);
    const checkout = new URL(payment.stripeCheckoutUrl);
    expect(checkout.origin).toBe(appUrl);
    const sessionId = checkout.pathname.split('/').pop() ?? '';
    expect(sessionId).toMatch(/^sim_cs_/);

    // The person opens the checkout page (served by A) ...
    const page = await call(a, 'GET', checkout.pathname, { ip });
    expect(page.status).toBe(200);
    const action = /<form method="post" action="([^"]+\/pay)"/.exec(String(page.body))?.[1];
    if (!action) throw new Error('no Pagar form on the checkout page');

    // ... and A dies without any chance to clean up.
    const killedAt = Date.now();
    process.kill(a.pid, 'SIGKILL');
    await until('A to stop answering', async () => !(await answers(a)));
    expect(readLog(a.logFile).some((line) => line.msg === 'shutting down')).toBe(false);

    // The click on Pagar reaches B, as a browser's form post through the balancer would.
    const paid = await call(b, 'POST', action.replaceAll('&amp;', '&'), { ip, form: {} });
    expect(paid.status).toBe(303);
    const success = new URL(paid.headers.get('location') ?? '');
    expect(`${success.origin}${success.pathname}`).toBe(`${appUrl}/payment/success`);
    expect(success.searchParams.get('session_id')).toBe(sessionId);

    // The success page verifies through B; the purchase is B's to show.
    const verified = await call(
      b,
      'GET',
      `/api/packs/verify-session/${encodeURIComponent(sessionId)}`,
      { ip, token },
    );
    expect(verified.status).toBe(200);
    const { transaction } = ZTransactionResponse.parse(verified.body);
    expect(transaction.transactionId).toBe(payment.transactionId);
    expect(transaction.status).toBe('completed');
    expect(transaction.pack?._id).toBe(pack._id);

    const mine = ZMyPacksResponse.parse(
      (await call(b, 'GET', '/api/packs/mis-packs', { ip, token })).body,
    );
    const owned = mine.data.find((p) => p.pack._id === pack._id);
    expect(owned?.tips.map((t) => t._id)).toContain(lockedTipId);

    const tip = await call(b, 'GET', `/api/tips/${lockedTipId}`, { ip, token });
    expect(tip.status).toBe(200);
    expect(ZTipDetailResponse.parse(tip.body).tip.analisis ?? '').not.toBe('');

    expect(
      await count(
        databaseUrl,
        'select 1 from pack_purchases where user_id = $1 and pack_id = $2 and revoked_at is null',
        [user._id, pack._id],
      ),
    ).toBe(1);

    // A died possibly holding the job's lock: PostgreSQL released it, and B still runs the job.
    await until(
      'a round of the payment job on B after the kill',
      () =>
        linesWith(b.logFile, 'lock', killedAt).some(
          (line) => line.job === 'payments' && line.lock === 'held',
        ),
      { timeoutMs: 20_000 },
    );
  });
});
