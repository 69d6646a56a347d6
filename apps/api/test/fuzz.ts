import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

export type FuzzRoute = { method: string; path: string };

/** Every route of the real app, read from `printRoutes()`'s tree (each level is 4 characters). */
export function collectRoutes(app: FastifyInstance): FuzzRoute[] {
  const stack: string[] = [];
  const routes: FuzzRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const prefix = stack.join('');
    const full = prefix + (match[2] ?? '');
    stack.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') routes.push({ method, path: full });
    }
  }
  return routes;
}

/** Field names the API reads, so generated bodies and queries hit real keys with wrong types. */
export const BODY_FIELDS = [
  '_id',
  'email',
  'password',
  'confirmPassword',
  'currentPassword',
  'newPassword',
  'token',
  'confirm',
  'firstName',
  'lastName',
  'dateOfBirth',
  'acceptTerms',
  'marketingOptIn',
  'phone',
  'nombre',
  'precio',
  'descripcion',
  'analisis',
  'title',
  'icon',
  'matchDate',
  'category',
  'isPublished',
  'tips',
  'tipIds',
  'packId',
  'planId',
  'plan',
  'planKey',
  'price',
  'duration',
  'features',
  'isActive',
  'activo',
  'text',
  'type',
  'message',
  'active',
  'role',
  'roleName',
  'isRecurring',
  'recurring',
  'sessionId',
  'transactionId',
  'amount',
  'currency',
  'startDate',
  'endDate',
  'key',
  'immediateAccessConsent',
  'months',
  'count',
  'expiresAt',
  'note',
  'code',
  'recipientEmail',
] as const;

export const QUERY_FIELDS = [
  'page',
  'limit',
  'search',
  'role',
  'status',
  'type',
  'category',
  'from',
  'to',
  'period',
  'year',
  'month',
  'day',
  'date',
  'startDate',
  'endDate',
  'days',
  'sort',
  'q',
  'token',
  'code',
  'state',
  'error',
] as const;

const TRICKY = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'true',
  'null',
  'undefined',
  '../',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '2026-13-45',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '{}',
  '[]',
  '__proto__',
  'constructor',
  '🎲🎲',
  // Links, plain and disguised (gift messages refuse them: issue 29, item 2).
  'https://example.com/x',
  'ｅｘａｍｐｌｅ．ｃｏｍ',
  'mailto:ana@example.com',
];

const hugeString = fc
  .tuple(
    fc.constantFrom('a', 'ñ', '€', '🎲', ' ', '\u0000'),
    fc.integer({ min: 1_000, max: 10_000 }),
  )
  .map(([c, n]) => c.repeat(n));

/** Plausible text with a NUL somewhere: PostgreSQL refuses it, so it must stop at the API's edge. */
export const nulString: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }))
  .map(([a, b]) => `${a}\u0000${b}`);

/** A value of a type the field probably does not take. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  nulString,
  hugeString,
  fc.constantFrom(...TRICKY),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }), { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);

export type FuzzBody = { contentType: string; payload: string };

const asJson = (value: unknown): FuzzBody => ({
  contentType: 'application/json',
  payload: JSON.stringify(value) ?? 'null',
});

export const bodyArb: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc.anything().map(asJson),
  fc.object().map(asJson),
  fc.dictionary(fc.constantFrom(...BODY_FIELDS), wrongValue, { maxKeys: 6 }).map(asJson),
  // Every field a text holding a NUL: the shape a form sends, the character it must not.
  fc.dictionary(fc.constantFrom(...BODY_FIELDS), nulString, { minKeys: 1, maxKeys: 8 }).map(asJson),
  wrongValue.map(asJson),
  // Not JSON at all, announced as JSON or as something else.
  fc.string({ maxLength: 200 }).map((payload) => ({ contentType: 'application/json', payload })),
  fc.string({ maxLength: 200 }).map((payload) => ({ contentType: 'text/plain', payload })),
  fc
    .string({ maxLength: 200 })
    .map((payload) => ({ contentType: 'application/x-www-form-urlencoded', payload })),
);

const queryValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  nulString,
  fc.constantFrom(...TRICKY),
  fc.integer().map(String),
  fc.double().map(String),
  hugeString,
);

export const queryArb: fc.Arbitrary<string> = fc.oneof(
  fc
    .dictionary(
      fc.oneof(fc.constantFrom(...QUERY_FIELDS), fc.string({ maxLength: 10 })),
      fc.oneof(queryValue, fc.array(queryValue, { maxLength: 3 })),
      { maxKeys: 5 },
    )
    .map((params) =>
      Object.entries(params)
        .flatMap(([k, v]) =>
          (Array.isArray(v) ? v : [v]).map(
            (x) => `${encodeURIComponent(k)}=${encodeURIComponent(x)}`,
          ),
        )
        .join('&'),
    ),
  fc.constantFrom(
    '%',
    '%00',
    '%zz',
    'a[b]=1',
    'page[0]=1&page[1]=2',
    'page=-1&limit=1e9',
    'limit=abc',
    '&&&',
    '=',
    'page=1&page=2',
  ),
);

/** Ids the router accepts (valid percent-encoding, at most 100 characters once encoded), so the
 * request reaches the route's own validation. */
export const pathIdArb: fc.Arbitrary<string> = fc.oneof(
  fc.uuid(), // well-formed, but no such row
  nulString.map(encodeURIComponent).filter((s) => s.length <= 100),
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 40 })
    .map(encodeURIComponent)
    .filter((s) => s.length <= 100),
  hugeString.map((s) => {
    const one = encodeURIComponent([...s][0] ?? 'a');
    return one.repeat(Math.floor(100 / one.length));
  }),
  fc.constantFrom(
    '..',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '0',
    '-1',
    'null',
    'undefined',
    'NaN',
    '%20',
    '%2F',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'admin',
    'user',
    'editor',
    'root',
    '%F0%9F%8E%B2',
    '1%2F2',
    'abc%20def',
    'a'.repeat(100),
  ),
);

/** Ids the router itself rejects before any route runs (Fastify's `frameworkErrors`). */
export const ROUTER_REJECTED_IDS = ['%', '%zz', `${'a'.repeat(101)}`, 'x'.repeat(2_000)] as const;

/** Substitutes every `:param` of a route path with a generated id. */
export function fillPath(path: string, ids: string[]): string {
  let i = 0;
  return path.replace(/:[A-Za-z]+/g, () => ids[i++ % ids.length] ?? 'x');
}

const ENGLISH = /^(Invalid|Expected|Required|Unexpected|Body|querystring|params)/;
const ENGLISH_WORDS =
  /\b(expected|invalid|required|received|must|should|unexpected|unsupported)\b/i;

/** Why a 4xx body breaks the error contract, or null when it keeps it. */
export function errorShapeProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return 'el cuerpo no es un objeto JSON';
  const record = body as Record<string, unknown>;
  if (record.success !== false) return 'success no es false';
  const message = record.message;
  if (typeof message !== 'string' || message.trim() === '') return 'message vacío o no es texto';
  if (!/\p{Ll}/u.test(message)) return `message sin minúsculas: ${message}`;
  if (ENGLISH.test(message) || ENGLISH_WORDS.test(message)) return `message en inglés: ${message}`;
  if (typeof record.code !== 'string' || record.code === '') return 'code vacío o no es texto';
  return null;
}
