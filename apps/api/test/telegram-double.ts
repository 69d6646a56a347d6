import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { groupDouble } from './telegram-double-group';

export type TelegramPost = { token: string; chatId: string | number; text: string };
/** Every method call that reached the double with the right token, in order. */
export type BotCall = { method: string; params: Record<string, unknown> };
export type RegisteredWebhook = { url: string; secretToken: string; allowedUpdates: string[] };

type Answer = { status: number; body: unknown };
const ok = (result: unknown): Answer => ({ status: 200, body: { ok: true, result } });
const badRequest = (description: string): Answer => ({
  status: 400,
  body: { ok: false, error_code: 400, description: `Bad Request: ${description}` },
});

/** Integer or String, as the Bot API types chat_id (https://core.telegram.org/bots/api#sendmessage). */
const isChatId = (v: unknown) =>
  (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && v !== '');

/**
 * A local stand-in for the Telegram Bot API: `POST /bot{token}/{method}` with JSON parameters,
 * answering as Telegram does — 401 for another token, 404 for a method it doesn't know, 400 for
 * parameters Telegram refuses. It knows getMe, sendMessage, setWebhook and getWebhookInfo, and
 * the VIP group's methods (telegram-double-group.ts, reached as `group`).
 * `rateLimitNext(n, seconds)` makes the next n sendMessage calls answer 429 with
 * `parameters.retry_after`, as the real API does under flood control. `deliver` plays Telegram's
 * side of the webhook: the update goes to the address setWebhook registered, with its secret in
 * X-Telegram-Bot-Api-Secret-Token.
 */
export async function startTelegramDouble(opts: {
  token: string;
  username?: string;
  /** The VIP group the bot administers (issue 31 item 2): see telegram-double-group.ts. */
  vipChatId?: number;
}) {
  const posts: TelegramPost[] = [];
  const botCalls: BotCall[] = [];
  let webhook: RegisteredWebhook | null = null;
  let refusals: { left: number; retryAfter: number } = { left: 0, retryAfter: 0 };
  let calls = 0;
  let nextUpdateId = 1000;
  const username = opts.username ?? 'MagoTipsTestBot';

  async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
  }

  // --- The VIP group (issue 31 item 2): its methods and state live in telegram-double-group.ts.
  const group = groupDouble({ chatId: opts.vipChatId ?? -1009999999999, botId: 7000001 });
  // --- End of the VIP group.

  const methods: Record<string, (p: Record<string, unknown>) => Answer> = {
    ...group.methods,
    getMe: () =>
      ok({ id: 7000001, is_bot: true, first_name: 'MagoTips', username, can_join_groups: true }),
    sendMessage: (p) => {
      if (!isChatId(p.chat_id)) return badRequest('chat_id is empty');
      if (typeof p.text !== 'string' || p.text === '') return badRequest('message text is empty');
      if (p.text.length > 4096) return badRequest('message is too long');
      // Issue 31 item 3 (VIP posts): parse_mode and reply_parameters, checked in their block below.
      const refused = sendMessageOptionsError(p, posts);
      if (refused) return badRequest(refused);
      if (refusals.left > 0) {
        refusals.left -= 1;
        return {
          status: 429,
          body: {
            ok: false,
            error_code: 429,
            description: `Too Many Requests: retry after ${refusals.retryAfter}`,
            parameters: { retry_after: refusals.retryAfter },
          },
        };
      }
      posts.push({ token: opts.token, chatId: p.chat_id as string | number, text: p.text });
      return ok({ message_id: posts.length, chat: { id: p.chat_id }, text: p.text });
    },
    setWebhook: (p) => {
      if (typeof p.url !== 'string' || !p.url.startsWith('https://'))
        return badRequest('bad webhook: An HTTPS URL must be provided for webhook');
      if (p.secret_token !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(String(p.secret_token)))
        return badRequest('secret token contains unallowed characters');
      const allowed = p.allowed_updates ?? [];
      if (!Array.isArray(allowed) || allowed.some((u) => typeof u !== 'string'))
        return badRequest("can't parse allowed updates");
      webhook = {
        url: p.url,
        secretToken: typeof p.secret_token === 'string' ? p.secret_token : '',
        allowedUpdates: allowed as string[],
      };
      return ok(true);
    },
    getWebhookInfo: () =>
      ok({
        url: webhook?.url ?? '',
        has_custom_certificate: false,
        pending_update_count: 0,
        ...(webhook ? { allowed_updates: webhook.allowedUpdates } : {}),
      }),
  };

  const server = createServer((req, res) => {
    void (async () => {
      calls += 1;
      const send = ({ status, body: answer }: Answer) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      };
      const notFound: Answer = {
        status: 404,
        body: { ok: false, error_code: 404, description: 'Not Found' },
      };
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return send(notFound);
      if (match[1] !== opts.token)
        return send({
          status: 401,
          body: { ok: false, error_code: 401, description: 'Unauthorized' },
        });
      const method = methods[match[2] ?? ''];
      if (!method) return send(notFound);
      const params = await body(req);
      botCalls.push({ method: match[2] ?? '', params });
      return send(method(params));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    username,
    posts,
    botCalls,
    /** The VIP group's state and helpers (issue 31 item 2). */
    group,
    get webhook() {
      return webhook;
    },
    get calls() {
      return calls;
    },
    rateLimitNext(count: number, retryAfterSeconds: number) {
      refusals = { left: count, retryAfter: retryAfterSeconds };
    },
    /** An Update with a private message from `from` (its chat id is the user's id, as in Telegram). */
    privateMessage(from: { id: number; username?: string }, text: string) {
      nextUpdateId += 1;
      return {
        update_id: nextUpdateId,
        message: {
          message_id: nextUpdateId,
          date: 1_800_000_000,
          chat: {
            id: from.id,
            type: 'private',
            ...(from.username ? { username: from.username } : {}),
          },
          from: { is_bot: false, first_name: 'Lector', ...from },
          text,
          ...(text.startsWith('/')
            ? {
                entities: [
                  { type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 },
                ],
              }
            : {}),
        },
      };
    },
    /** Sends `update` to `app` as Telegram would: to the registered webhook's path, with its secret. */
    deliver(app: FastifyInstance, update: unknown): Promise<LightMyRequestResponse> {
      if (!webhook) throw new Error('setWebhook was never called');
      return app.inject({
        method: 'POST',
        url: new URL(webhook.url).pathname,
        headers: {
          'content-type': 'application/json',
          ...(webhook.secretToken
            ? { 'x-telegram-bot-api-secret-token': webhook.secretToken }
            : {}),
        },
        payload: JSON.stringify(update),
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TelegramDouble = Awaited<ReturnType<typeof startTelegramDouble>>;

// ─── Issue 31 item 3: VIP posts (branch posts) ─────────────────────────────────────────────
// sendMessage's formatting and reply options, as https://core.telegram.org/bots/api#sendmessage
// and #formatting-options document them. Kept apart from the rest of the double so that the
// other issue 31 work on this file merges cleanly.

const PARSE_MODES = new Set(['HTML', 'MarkdownV2', 'Markdown']);
/** The tags Telegram's HTML style supports (#html-style). */
const HTML_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'span',
  'tg-spoiler',
  'a',
  'tg-emoji',
  'code',
  'pre',
  'blockquote',
]);

/** Why Telegram would refuse `text` as HTML, or null: every <, > and & not part of a supported
 * tag or an entity must be escaped, and tags must close in order. */
export function htmlParseError(text: string): string | null {
  const open: string[] = [];
  const at = (i: number) => `at byte offset ${Buffer.byteLength(text.slice(0, i))}`;
  for (let i = 0; i < text.length;) {
    const rest = text.slice(i);
    if (text[i] === '<') {
      const tag = /^<(\/?)([a-z-]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*>/i.exec(rest);
      const name = tag?.[2]?.toLowerCase() ?? '';
      if (!tag || !HTML_TAGS.has(name))
        return `can't parse entities: Unsupported start tag "${name}" ${at(i)}`;
      if (tag[1]) {
        if (open.pop() !== name) return `can't parse entities: Unexpected end tag ${at(i)}`;
      } else open.push(name);
      i += tag[0].length;
    } else if (text[i] === '&') {
      const entity = /^&(lt|gt|amp|quot|#\d+|#x[0-9a-f]+);/i.exec(rest);
      if (!entity) return `can't parse entities: Character entity expected ${at(i)}`;
      i += entity[0].length;
    } else if (text[i] === '>') {
      return `can't parse entities: Unexpected end of name token ${at(i)}`;
    } else i += 1;
  }
  return open.length > 0
    ? `can't parse entities: Can't find end tag corresponding to start tag "${open.at(-1)}"`
    : null;
}

/** sendMessage's parse_mode and reply_parameters as Telegram checks them; null when fine. A
 * reply must name a message of the same chat, unless allow_sending_without_reply is set. */
function sendMessageOptionsError(
  p: Record<string, unknown>,
  posts: readonly TelegramPost[],
): string | null {
  if (p.parse_mode !== undefined) {
    if (typeof p.parse_mode !== 'string' || !PARSE_MODES.has(p.parse_mode))
      return 'unsupported parse_mode';
    if (p.parse_mode === 'HTML') {
      const error = htmlParseError(String(p.text));
      if (error) return error;
    }
  }
  if (p.reply_parameters !== undefined) {
    const reply = p.reply_parameters as Record<string, unknown> | null;
    if (typeof reply !== 'object' || reply === null || !Number.isInteger(reply.message_id))
      return "can't parse reply parameters JSON object";
    const original = posts[Number(reply.message_id) - 1];
    const found = original !== undefined && String(original.chatId) === String(p.chat_id);
    if (!found && reply.allow_sending_without_reply !== true)
      return 'message to be replied not found';
  }
  return null;
}
