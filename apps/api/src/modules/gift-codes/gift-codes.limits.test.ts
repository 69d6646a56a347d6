import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGiftApp, type GiftTestApp } from '../../../test/gift-codes';
import { buildTestApp } from '../../../test/test-app';
import { GIFT_REDEEM_LIMITS } from './gift-codes.routes';

// Set by CI's PostgreSQL pass (and by hand): then two instances must share the counters.
const REDIS_URL = process.env.REDIS_URL;
const lines: string[] = [];
let t: GiftTestApp;
beforeAll(async () => {
  t = await buildGiftApp({ logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => t.close());
beforeEach(() => {
  lines.length = 0;
});

const { perUser } = GIFT_REDEEM_LIMITS;
// The per-address limit this route had: what one address's refusals must no longer reach.
const FORMER_PER_ADDRESS_MAX = 30;
const wrong = (i: number) => `MAGO-0000-0000-0000-${String(i).padStart(4, '0')}`;

describe('redeem: guessing is cut off per account, never per address', () => {
  it(`stops an account after ${perUser.max} refused codes, from any address, with 429`, async () => {
    const user = await t.newUser();
    for (let i = 0; i < perUser.max; i++) {
      expect((await t.redeem(user, wrong(i), `10.3.0.${i + 1}`)).statusCode).toBe(404);
    }
    const blocked = await t.redeem(user, wrong(99), '10.3.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Even a good code waits: the limit stops the account, not only wrong guesses.
    const code =
      (await t.issue({ type: 'plan', planKey: t.planKey, months: 1, count: 1 })).codes[0] ?? '';
    expect((await t.redeem(user, code, '10.3.1.2')).statusCode).toBe(429);
    expect((await t.redeem(await t.newUser(), code, '10.3.1.3')).statusCode).toBe(200);
  });

  it('one account refused many times at an address does not stop another account at that address', async () => {
    // Behind a proxy without TRUST_PROXY every request has the proxy's address: an address
    // limit here would let one person's wrong codes lock the whole site out (decision 0084).
    const ip = '10.4.0.1';
    const a = await t.newUser();
    const answers: number[] = [];
    for (let i = 0; i <= FORMER_PER_ADDRESS_MAX + 5; i++) {
      answers.push((await t.redeem(a, wrong(i), ip)).statusCode);
    }
    // Account A itself is stopped after its own limit...
    expect(answers.slice(0, perUser.max).every((s) => s === 404)).toBe(true);
    expect(answers.slice(perUser.max).every((s) => s === 429)).toBe(true);
    // ...and so are other people's wrong codes from the same address: a few at a time each.
    for (let i = 0; i < FORMER_PER_ADDRESS_MAX; i++) {
      expect((await t.redeem(await t.newUser(), wrong(i), ip)).statusCode).toBe(404);
    }
    // Account B, at the same address, redeems a valid code.
    const code =
      (await t.issue({ type: 'plan', planKey: t.planKey, months: 1, count: 1 })).codes[0] ?? '';
    const b = await t.newUser();
    expect((await t.redeem(b, code, ip)).statusCode).toBe(200);
    expect((await t.redeem(a, code, ip)).statusCode).toBe(429);
  });

  it('does not count successful redemptions: one person may redeem many codes', async () => {
    const user = await t.newUser();
    const made = await t.issue({
      type: 'plan',
      planKey: t.planKey,
      months: 1,
      count: perUser.max + 2,
    });
    for (const code of made.codes) {
      expect((await t.redeem(user, code, '10.5.0.1')).statusCode).toBe(200);
    }
  });

  it('logs each refusal with its reason and the account, never the code', async () => {
    const user = await t.newUser();
    const typed = 'MAGO-7K2P-AB3C-XY9Z-QRST';
    expect((await t.redeem(user, typed, '10.6.0.1')).statusCode).toBe(404);
    const refusals = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.event === 'gift_code_redeem_failed');
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ reason: 'GIFT_CODE_INVALID', userId: user.id });
    const all = lines.join('\n');
    for (const fragment of ['7K2P', 'AB3C', 'XY9Z', 'QRST']) expect(all).not.toContain(fragment);
  });

  it('never logs the code of a successful redemption either', async () => {
    const made = await t.issue({ type: 'plan', planKey: t.planKey, months: 1, count: 1 });
    lines.length = 0;
    const code = made.codes[0] ?? '';
    expect((await t.redeem(await t.newUser(), code, '10.7.0.1')).statusCode).toBe(200);
    const all = lines.join('\n');
    expect(all).toContain('gift_code_redeemed');
    expect(all).not.toContain(code.slice(5, 9));
  });

  it.runIf(REDIS_URL)('shares the counters between instances through Redis', async () => {
    const env = { REDIS_URL: REDIS_URL ?? '' };
    const a = await buildTestApp({ database: t.database, clock: t.time.clock, env });
    const b = await buildTestApp({ database: t.database, clock: t.time.clock, env });
    try {
      const user = await t.newUser();
      const redeem = async (app: typeof a.app, i: number) =>
        app.inject({
          method: 'POST',
          url: '/api/gift-codes/redeem',
          headers: await user.headers(),
          payload: { code: wrong(i) },
          remoteAddress: `10.8.0.${i + 1}`,
        });
      // Refusals spread over both instances add up to the one account's limit.
      for (let i = 0; i < perUser.max; i++) {
        expect((await redeem(i % 2 === 0 ? a.app : b.app, i)).statusCode).toBe(404);
      }
      expect((await redeem(a.app, 50)).statusCode).toBe(429);
      expect((await redeem(b.app, 51)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
