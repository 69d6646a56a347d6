import { RetryLater } from '../jobs/job-runner';

export type TelegramConfig = { token: string; channelId: string; apiUrl: string };

/** What the Bot API answers (https://core.telegram.org/bots/api#making-requests). */
type BotApiAnswer = {
  ok?: boolean;
  description?: string;
  error_code?: number;
  parameters?: { retry_after?: number };
  result?: { message_id?: number };
};

/** A refusal from the Bot API. The message never holds the request address: it carries the token. */
export class TelegramError extends Error {}

type Fetch = typeof fetch;

/**
 * POST {apiUrl}/bot{token}/sendMessage with { chat_id, text }. A 429 throws RetryLater with the
 * wait Telegram asks for (the queue tries again then); any other refusal throws TelegramError.
 */
export async function sendTelegramMessage(
  config: TelegramConfig,
  text: string,
  fetchImpl: Fetch = fetch,
): Promise<{ messageId: number | null }> {
  let res: Response;
  try {
    res = await fetchImpl(`${config.apiUrl}/bot${config.token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        chat_id: config.channelId,
        text,
        link_preview_options: { is_disabled: true },
      }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    // fetch's own errors may quote the address; only their kind goes on.
    const kind = err instanceof Error ? err.name : 'Error';
    throw new TelegramError(`Telegram no respondió (${kind})`);
  }
  const answer = (await res.json().catch(() => ({}))) as BotApiAnswer;
  if (res.status === 429 || answer.error_code === 429) {
    const seconds = Math.max(1, Number(answer.parameters?.retry_after) || 30);
    throw new RetryLater(seconds * 1_000, `Telegram pide esperar ${seconds} s (429)`);
  }
  if (!res.ok || answer.ok !== true) {
    const why = (answer.description ?? '').replaceAll(config.token, '[token]').slice(0, 200);
    throw new TelegramError(`Telegram rechazó el mensaje (${res.status}${why ? `: ${why}` : ''})`);
  }
  return {
    messageId: typeof answer.result?.message_id === 'number' ? answer.result.message_id : null,
  };
}
