import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TelegramPost = { token: string; chatId: string; text: string };

/**
 * A local stand-in for the Telegram Bot API: `POST /bot{token}/sendMessage` with JSON
 * { chat_id, text }, answering as Telegram does. `rateLimitNext(n, seconds)` makes the next n
 * calls answer 429 with `parameters.retry_after`, as the real API does under flood control.
 */
export async function startTelegramDouble(opts: { token: string }) {
  const posts: TelegramPost[] = [];
  let refusals: { left: number; retryAfter: number } = { left: 0, retryAfter: 0 };
  let calls = 0;

  async function body(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
  }

  const server = createServer((req, res) => {
    void (async () => {
      calls += 1;
      const send = (status: number, answer: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      };
      const match = /^\/bot([^/]+)\/sendMessage$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
      if (match[1] !== opts.token) return send(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const input = (await body(req)) as { chat_id?: unknown; text?: unknown };
      if (typeof input.chat_id !== 'string' || typeof input.text !== 'string' || input.text === '') {
        return send(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
      }
      if (refusals.left > 0) {
        refusals.left -= 1;
        return send(429, {
          ok: false,
          error_code: 429,
          description: `Too Many Requests: retry after ${refusals.retryAfter}`,
          parameters: { retry_after: refusals.retryAfter },
        });
      }
      posts.push({ token: match[1], chatId: input.chat_id, text: input.text });
      return send(200, { ok: true, result: { message_id: posts.length, chat: { id: input.chat_id }, text: input.text } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    posts,
    get calls() {
      return calls;
    },
    rateLimitNext(count: number, retryAfterSeconds: number) {
      refusals = { left: count, retryAfter: retryAfterSeconds };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
