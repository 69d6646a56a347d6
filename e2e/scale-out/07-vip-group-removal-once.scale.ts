import { afterAll, describe, expect, it } from 'vitest';
import { startTelegramDouble, type TelegramDouble } from '../../apps/api/test/telegram-double';
import { scaleOut } from './context';
import { answers, call, randomIp } from './http';
import { type Instance, startInstance, stopInstance, waitHealthy } from './instances';
import { sleep, until } from './poll';
import { count, query } from './sql';

// Issue 31 item 2: both instances run the VIP group's reconcile round on the shared job queue;
// one subscription expires; the member is removed from the group exactly once (one ban, one
// unban, one goodbye), whichever instance runs the round and the removal. The pair is started
// again with the bot configured against the Bot API double and the test clock, which each
// instance moves on its own (PUT /api/test/clock), as the browser journeys do.

const TOKEN = '123456:AAbbCCddEEffGGhhIIjjKKll-_mm';
const SECRET = `${'s'.repeat(40)}_-0123456789`;
const VIP_CHAT_ID = -1001234567890;
const TELEGRAM_USER = 880_001;
const MINUTE = 60_000;

describe('the VIP group with two instances', () => {
  const { a, b, databaseUrl } = scaleOut();
  const started: Instance[] = [];
  let telegram: TelegramDouble | null = null;
  afterAll(async () => {
    await Promise.all(started.map((instance) => stopInstance(instance)));
    await telegram?.close();
  });

  it('one expiry, exactly one removal', async () => {
    telegram = await startTelegramDouble({ token: TOKEN, vipChatId: VIP_CHAT_ID });
    const bot = telegram;
    // An instance without the bot would claim the group's jobs and find no handler for them:
    // every instance of a deployment has the same configuration, so the pair is restarted.
    for (const info of [a, b]) {
      if (!(await answers(info))) continue;
      process.kill(info.pid, 'SIGTERM');
      await until(`${info.name} to stop`, async () => !(await answers(info)), {
        timeoutMs: 30_000,
      });
    }

    // A subscriber inside the group whose subscription ends a minute from now (real time).
    const [user] = await query<{ id: string }>(
      databaseUrl,
      `insert into users (first_name, last_name, email, date_of_birth, email_verified_at)
       values ('Lector', 'VIP', 'vip-group-' || $1 || '@example.com', '1990-01-01', now())
       returning id`,
      [Date.now().toString(36)],
    );
    const userId = user?.id;
    expect(userId).toBeTruthy();
    await query(
      databaseUrl,
      `insert into vip_group_members (telegram_user_id, user_id, state, round, invites, updated_at)
       values ($1, $2, 'member', 1, 0, now())`,
      [TELEGRAM_USER, userId],
    );
    await query(
      databaseUrl,
      `insert into subscriptions (user_id, plan_key, end_date, is_recurring, provider)
       values ($1, 'premium', now() + interval '1 minute', false, 'simulated')`,
      [userId],
    );
    await query(
      databaseUrl,
      `insert into telegram_links (user_id, telegram_user_id, chat_id, linked_at)
       values ($1, $2, $2, now())`,
      [userId, TELEGRAM_USER],
    );
    bot.group.members.add(TELEGRAM_USER);

    const instances = [a, b].map((info) => ({
      info,
      process: startInstance(
        {
          ...info.env,
          TELEGRAM_BOT_TOKEN: TOKEN,
          TELEGRAM_WEBHOOK_SECRET: SECRET,
          TELEGRAM_API_URL: bot.url,
          TELEGRAM_VIP_CHAT_ID: String(VIP_CHAT_ID),
          TEST_CLOCK: 'true',
        },
        info.port,
        info.logFile,
      ),
    }));
    started.push(...instances.map((i) => i.process));
    await Promise.all(instances.map((i) => waitHealthy(i.process)));

    const ip = randomIp();
    const moveClocks = async (offsetMs: number) => {
      for (const { info } of instances) {
        const res = await call(info, 'PUT', '/api/test/clock', { ip, json: { offsetMs } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
    };
    // Both clocks past the end: the next round, on either instance, queues the removal.
    await moveClocks(10 * MINUTE);
    await until('the member to be removed', () => bot.group.removals.includes(TELEGRAM_USER), {
      timeoutMs: 30_000,
    });
    // More rounds on both instances: none removes again.
    await moveClocks(14 * MINUTE);
    await sleep(3_000);
    await moveClocks(18 * MINUTE);
    await sleep(3_000);

    const calls = (method: string) =>
      bot.botCalls.filter((c) => c.method === method && c.params.user_id === TELEGRAM_USER);
    expect(calls('banChatMember')).toHaveLength(1);
    expect(calls('unbanChatMember')).toHaveLength(1);
    expect(bot.group.removals).toEqual([TELEGRAM_USER]);
    expect(bot.posts.filter((p) => p.chatId === TELEGRAM_USER)).toHaveLength(1);
    expect(await count(databaseUrl, `select 1 from jobs where kind = 'vip-group.remove'`)).toBe(1);
    expect(
      await count(
        databaseUrl,
        `select 1 from jobs where kind = 'vip-group.reconcile' and state = 'done'`,
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(
      await count(
        databaseUrl,
        `select 1 from jobs where state = 'dead' and (kind like 'vip-group.%' or kind like 'telegram.%')`,
      ),
    ).toBe(0);
    const [row] = await query<{ state: string }>(
      databaseUrl,
      `select state from vip_group_members where telegram_user_id = $1`,
      [TELEGRAM_USER],
    );
    expect(row?.state).toBe('removed');
  });
});
