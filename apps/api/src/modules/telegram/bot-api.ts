import { RetryLater } from '../jobs/job-runner';

export type BotConfig = { token: string; apiUrl: string };

/** What the Bot API answers to every method (https://core.telegram.org/bots/api#making-requests). */
type BotApiAnswer = {
  ok?: boolean;
  description?: string;
  error_code?: number;
  parameters?: { retry_after?: number };
  result?: unknown;
};

/** A refusal or silence of the Bot API. The message never holds the request address: it
 * carries the token. */
export class BotApiError extends Error {}

type Fetch = typeof fetch;

/**
 * POST {apiUrl}/bot{token}/{method} with JSON parameters; answers `result`. A 429 throws
 * RetryLater with the wait Telegram asks for (a queued job tries again then); any other refusal,
 * or no answer within `timeoutMs`, throws BotApiError.
 */
export async function callBotApi(
  config: BotConfig,
  method: string,
  params: Record<string, unknown>,
  opts: { fetch?: Fetch; timeoutMs?: number } = {},
): Promise<unknown> {
  const fetchImpl = opts.fetch ?? fetch;
  let res: Response;
  try {
    res = await fetchImpl(`${config.apiUrl}/bot${config.token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
  } catch (err) {
    // fetch's own errors may quote the address; only their kind goes on.
    const kind = err instanceof Error ? err.name : 'Error';
    throw new BotApiError(`Telegram no respondió a ${method} (${kind})`);
  }
  const answer = (await res.json().catch(() => ({}))) as BotApiAnswer;
  if (res.status === 429 || answer.error_code === 429) {
    const seconds = Math.max(1, Number(answer.parameters?.retry_after) || 30);
    throw new RetryLater(seconds * 1_000, `Telegram pide esperar ${seconds} s (429)`);
  }
  if (!res.ok || answer.ok !== true) {
    const why = (answer.description ?? '').replaceAll(config.token, '[token]').slice(0, 200);
    throw new BotApiError(`Telegram rechazó ${method} (${res.status}${why ? `: ${why}` : ''})`);
  }
  return answer.result;
}

/** getMe's username, asked once per process and kept: it only changes if someone renames the
 * bot in BotFather, and then a restart picks it up. A failure is not kept (the next call asks
 * again). */
export function botUsername(
  config: BotConfig,
  opts: { fetch?: Fetch } = {},
): () => Promise<string> {
  let known: string | null = null;
  return async () => {
    if (known) return known;
    const me = (await callBotApi(config, 'getMe', {}, { ...opts, timeoutMs: 5_000 })) as {
      username?: unknown;
    } | null;
    if (typeof me?.username !== 'string' || !/^\w{5,32}$/.test(me.username)) {
      throw new BotApiError('Telegram respondió a getMe sin un nombre de usuario válido');
    }
    known = me.username;
    return known;
  };
}
