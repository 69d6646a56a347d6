import { createECDH, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error';
import {
  TELEGRAM_ENV,
  type TelegramBotConfig,
  type TelegramChannelConfig,
  telegramConfig,
} from './telegram-config';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL debe empezar por postgres://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET debe tener al menos 32 caracteres').optional(),
  SEED_DEMO: booleanFlag.optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  SUPPORT_EMAIL: z.email('SUPPORT_EMAIL debe ser una dirección de e-mail válida').optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.url().optional(),
  SIMULATED_PAYMENTS: booleanFlag.optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GOOGLE_PEOPLE_API_URL: z.url().default('https://people.googleapis.com'),
  REDIS_URL: z.string().optional(),
  ...TELEGRAM_ENV,
  // The key that signs the public ledger of the track record (the proof issue): a PEM PKCS#8
  // Ed25519 private key, or its 32-byte seed in base64url.
  LEDGER_PRIVATE_KEY: z
    .string()
    .refine(
      (v) => /^[\w-]{43}$/.test(v.trim()) || v.includes('BEGIN PRIVATE KEY'),
      'LEDGER_PRIVATE_KEY debe ser una clave privada Ed25519 en PEM (PKCS#8) o su semilla de 32 bytes en base64url (43 caracteres)',
    )
    .optional(),
  // Web Push (issue 15). Generated into DATA_DIR outside production; in production push is on
  // when the keys are given, and WEB_PUSH=true without them refuses to start.
  WEB_PUSH: booleanFlag.optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^[\w-]{87}$/,
      'VAPID_PUBLIC_KEY debe ser una clave pública P-256 en base64url (87 caracteres)',
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(
      /^[\w-]{43}$/,
      'VAPID_PRIVATE_KEY debe ser una clave privada P-256 en base64url (43 caracteres)',
    )
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT debe empezar por mailto: o https://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST_DIR: z.string().optional(),
  // How many proxy hops in front of the service to believe for the client address.
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  // How often each instance tries the periodic payment job (one wins the lock per round).
  PAYMENT_JOB_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(60_000),
  // How long a claimed job (an alert, a fan-out) is its instance's before another may take it
  // over: the longest a job of a dead instance waits.
  JOB_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  // How long an instance reuses a read (public lists, feeds, the caller's account) before
  // asking the database again: the most another instance's change can take to show. 0 = off.
  READ_CACHE_TTL_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
  // Browser journeys move the server's clock past a kick-off (PUT /api/test/clock). Never in
  // production.
  TEST_CLOCK: booleanFlag.optional(),
  // The seller printed on every receipt (issue 30 item 6): required in production.
  SELLER_NAME: z.string().max(200).optional(),
  SELLER_TAX_ID: z.string().max(40).optional(),
  SELLER_ADDRESS: z.string().max(300).optional(),
  // /api/docs lists every route, the admin ones too: in production only admins read it, signed
  // in, unless the site chooses to publish it (issue 29 item 3).
  API_DOCS: z.enum(['public', 'admin'], { error: 'API_DOCS debe ser public o admin' }).optional(),
});

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Shown wherever we say "contacta con soporte" (web pages, payment e-mails). */
  supportEmail: string;
  stripe:
    | { secretKey: string; webhookSecret: string | undefined; apiUrl: string | undefined }
    | undefined;
  /** The local checkout page stands in for Stripe when no key is set. Off by default in
   * production, where it would hand out paid content for free. */
  simulatedPayments: boolean;
  google: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    issuer: string;
    peopleApiUrl: string;
  };
  redisUrl: string | undefined;
  /** Web Push's VAPID identity; undefined when push is off. */
  push: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** Signs the public ledger: PEM PKCS#8 or a base64url seed (ledger/ledger-key.ts reads it). */
  ledgerPrivateKey: string;
  /** Who reads /api/docs: anyone, or signed-in admins (production's default). */
  apiDocs: 'public' | 'admin';
  telegram: TelegramChannelConfig | undefined;
  telegramBot: TelegramBotConfig | undefined;
  logLevel: string;
  webDistDir: string;
  /** Proxy hops whose X-Forwarded-For is believed; 0 = the socket address (rate limits key on it). */
  trustProxyHops: number;
  /** Period of the payment job (expired checkouts, lapsed and simulated renewals). */
  paymentJobIntervalMs: number;
  /** How long a claimed job is held before another instance may take it over. */
  jobLeaseMs: number;
  /** PUT /api/test/clock moves the app's clock (browser journeys only; refused in production). */
  testClock: boolean;
  readCacheTtlMs: number;
  /** Who issues the receipts: legal name, tax id and address, as printed on them. */
  seller: Seller;
};

export type Seller = { legalName: string; taxId: string; address: string };

/** The seller of development and tests: plainly a demo, so no receipt of it passes for real. */
export const DEMO_SELLER: Seller = {
  legalName: 'MagoTips Demo S.L. (datos de demostración)',
  taxId: 'B12345674',
  address: 'Calle de Ejemplo 1, 28001 Madrid, España',
};

export { ConfigError } from './config-error';

/** A development secret is generated once and kept beside the embedded database, so that
 * sessions survive restarts without anyone having to configure anything. */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The ledger's development key, generated once into DATA_DIR like the JWT secret: the ledger's
 * signatures stay valid across restarts. */
function devLedgerKey(dataDir: string): string {
  const file = path.join(dataDir, 'ledger-key.pem');
  if (existsSync(file)) return readFileSync(file, 'utf8');
  mkdirSync(dataDir, { recursive: true });
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  writeFileSync(file, pem, { mode: 0o600 });
  return pem;
}

type VapidKeys = { publicKey: string; privateKey: string };

/** A P-256 private key as VAPID wants it: exactly 32 bytes, base64url. Node gives the number's
 * bytes without leading zeros, so about one key in 256 comes out one byte short. */
export function p256PrivateKey(raw: Buffer): string {
  return Buffer.concat([Buffer.alloc(Math.max(0, 32 - raw.length)), raw]).toString('base64url');
}

/** A development VAPID pair, made once and kept beside the data: browsers keep a subscription
 * tied to the key, so a new key at every start would silently end them all. */
function devVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
    // A pair written before keys were padded may be a byte short: the same key, padded.
    return { ...saved, privateKey: p256PrivateKey(Buffer.from(saved.privateKey, 'base64url')) };
  }
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: p256PrivateKey(ecdh.getPrivateKey()),
  };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

function pushConfig(
  e: z.infer<typeof ZEnv>,
  isProduction: boolean,
  dataDir: string,
  supportEmail: string,
): AppConfig['push'] {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas: indica las dos o ninguna.',
    );
  }
  const enabled = e.WEB_PUSH ?? (!isProduction || Boolean(e.VAPID_PUBLIC_KEY));
  if (!enabled) return undefined;
  const subject = e.VAPID_SUBJECT ?? `mailto:${supportEmail}`;
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject };
  }
  if (isProduction) {
    throw new ConfigError(
      'Faltan VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY: son obligatorias con WEB_PUSH=true en producción (npx web-push generate-vapid-keys).',
    );
  }
  return { ...devVapidKeys(dataDir), subject };
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  defaults: { webDistDir: string },
): AppConfig {
  // An empty variable means "not set", as in most deployment tools.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = ZEnv.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `Configuración inválida: ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`,
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const seedDemo = e.SEED_DEMO ?? !e.DATABASE_URL;

  if (isProduction && !e.JWT_SECRET) {
    throw new ConfigError('Falta JWT_SECRET: es obligatorio en producción (NODE_ENV=production).');
  }
  if (isProduction && seedDemo) {
    throw new ConfigError(
      'SEED_DEMO no puede estar activo en producción: las cuentas de demostración tienen contraseñas públicas.',
    );
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET && isProduction) {
    throw new ConfigError(
      'Falta STRIPE_WEBHOOK_SECRET: es obligatorio con STRIPE_SECRET_KEY en producción.',
    );
  }
  // Without SMTP every e-mail, reset links included, would only reach the outbox on disk.
  if (isProduction && !e.SMTP_URL) {
    throw new ConfigError('Falta SMTP_URL: es obligatorio en producción (NODE_ENV=production).');
  }
  if (isProduction && e.TEST_CLOCK) {
    throw new ConfigError(
      'TEST_CLOCK no puede estar activo en producción: cualquiera podría mover el reloj del servidor.',
    );
  }
  const bot = telegramConfig(e, isProduction);
  if (isProduction && !e.MAIL_FROM) {
    throw new ConfigError('Falta MAIL_FROM: es obligatorio en producción (NODE_ENV=production).');
  }
  if (isProduction && !e.LEDGER_PRIVATE_KEY) {
    throw new ConfigError(
      'Falta LEDGER_PRIVATE_KEY: es obligatoria en producción (firma el registro público del historial; openssl genpkey -algorithm ed25519).',
    );
  }

  // E-mail links, the one-click unsubscribe (RFC 8058 wants https), gifts and checkouts are all
  // built on APP_URL: a default of localhost, or plain http, would send readers nowhere safe.
  if (isProduction && !e.APP_URL?.startsWith('https://')) {
    throw new ConfigError(
      'Falta APP_URL con https: es obligatoria en producción (NODE_ENV=production) y debe empezar por https:// (enlaces de los correos, baja en un clic, regalos y pagos).',
    );
  }

  // A receipt without the seller's legal identity is not a receipt (decision 0093).
  if (isProduction && !(e.SELLER_NAME && e.SELLER_TAX_ID && e.SELLER_ADDRESS)) {
    throw new ConfigError(
      'Faltan SELLER_NAME, SELLER_TAX_ID y SELLER_ADDRESS: son obligatorias en producción (razón social, identificación fiscal y dirección que llevan los recibos).',
    );
  }

  const supportEmail =
    e.SUPPORT_EMAIL ??
    `soporte@${new URL(e.APP_URL ?? 'http://localhost').hostname.replace(/^www\./, '')}`;
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? devSecret(dataDir),
    ledgerPrivateKey: e.LEDGER_PRIVATE_KEY ?? devLedgerKey(dataDir),
    apiDocs: e.API_DOCS ?? (isProduction ? 'admin' : 'public'),
    seedDemo,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'MagoTips <no-reply@magotips.com>',
    supportEmail,
    push: pushConfig(e, isProduction, dataDir, supportEmail),
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiUrl: e.STRIPE_API_URL,
        }
      : undefined,
    simulatedPayments: !e.STRIPE_SECRET_KEY && (e.SIMULATED_PAYMENTS ?? !isProduction),
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      issuer: e.GOOGLE_ISSUER,
      peopleApiUrl: e.GOOGLE_PEOPLE_API_URL,
    },
    redisUrl: e.REDIS_URL,
    ...bot,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaults.webDistDir),
    trustProxyHops: e.TRUST_PROXY,
    paymentJobIntervalMs: e.PAYMENT_JOB_INTERVAL_MS,
    readCacheTtlMs: e.READ_CACHE_TTL_MS,
    jobLeaseMs: e.JOB_LEASE_MS,
    testClock: e.TEST_CLOCK ?? false,
    seller: {
      legalName: e.SELLER_NAME ?? DEMO_SELLER.legalName,
      taxId: e.SELLER_TAX_ID ?? DEMO_SELLER.taxId,
      address: e.SELLER_ADDRESS ?? DEMO_SELLER.address,
    },
  };
}
