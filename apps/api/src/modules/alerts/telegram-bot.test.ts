import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramDouble } from '../../../test/telegram-double';
import { RetryLater } from '../jobs/job-runner';
import { sendTelegramMessage, TelegramError } from './telegram-bot';

const TOKEN = '123456:AAbbCCddEEffGGhhIIjjKKll-_mm';
let double: Awaited<ReturnType<typeof startTelegramDouble>>;

beforeAll(async () => {
  double = await startTelegramDouble({ token: TOKEN });
});
afterAll(() => double.close());

const config = () => ({ token: TOKEN, channelId: '@magotips_test', apiUrl: double.url });

describe('the Telegram Bot API client', () => {
  it('posts the text to the channel', async () => {
    const before = double.posts.length;
    const { messageId } = await sendTelegramMessage(
      config(),
      'Nuevo tip gratis: Betis vs. Sevilla',
    );
    expect(messageId).toBe(before + 1);
    expect(double.posts.at(-1)).toEqual({
      token: TOKEN,
      chatId: '@magotips_test',
      text: 'Nuevo tip gratis: Betis vs. Sevilla',
    });
  });

  it('a 429 becomes a RetryLater with the wait Telegram asks for', async () => {
    double.rateLimitNext(1, 17);
    const err = await sendTelegramMessage(config(), 'hola').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RetryLater);
    expect((err as RetryLater).delayMs).toBe(17_000);
    await expect(sendTelegramMessage(config(), 'hola')).resolves.toBeTruthy();
  });

  it('a refusal is an error that never shows the token', async () => {
    const err = await sendTelegramMessage(
      { ...config(), token: '999:wrongwrongwrongwrongwrong' },
      'hola',
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TelegramError);
    expect(String((err as Error).message)).toMatch(/^Telegram rechazó el mensaje \(401/);
    expect(String((err as Error).message)).not.toContain('wrongwrong');
  });

  it('an unreachable API is an error without the address', async () => {
    const err = await sendTelegramMessage(
      { ...config(), apiUrl: 'http://127.0.0.1:9' },
      'hola',
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TelegramError);
    expect(String((err as Error).message)).not.toContain(TOKEN);
  });
});
