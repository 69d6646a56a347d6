import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, p256PrivateKey } from './config';

const defaults = { webDistDir: '/tmp/web' };
const secret = 'x'.repeat(40);
/** A production deployment's ledger key (a 32-byte seed in base64url). */
const ledgerKey = 'A'.repeat(43);
/** The seller printed on receipts, required in production (issue 30 item 6). */
const SELLER = {
  SELLER_NAME: 'MagoTips S.L.',
  SELLER_TAX_ID: 'B12345674',
  SELLER_ADDRESS: 'Calle 1, Madrid',
};

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/magotips-config-test', JWT_SECRET: secret }, defaults);
    expect(c.port).toBe(3000);
    expect(c.appUrl).toBe('http://localhost:3000');
    expect(c.seedDemo).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.stripe).toBeUndefined();
  });

  it('answers support at soporte@ the site domain unless SUPPORT_EMAIL says otherwise', () => {
    const base = { JWT_SECRET: secret, DATA_DIR: '/tmp/x' };
    expect(
      loadConfig({ ...base, APP_URL: 'https://www.magotips.com' }, defaults).supportEmail,
    ).toBe('soporte@magotips.com');
    expect(
      loadConfig({ ...base, SUPPORT_EMAIL: 'ayuda@magotips.com' }, defaults).supportEmail,
    ).toBe('ayuda@magotips.com');
    expect(() => loadConfig({ ...base, SUPPORT_EMAIL: 'no es un correo' }, defaults)).toThrow(
      /SUPPORT_EMAIL/,
    );
  });

  it('posts to Telegram only with both the bot token and the channel, and says which is wrong', () => {
    const base = { JWT_SECRET: secret, DATA_DIR: '/tmp/x' };
    expect(loadConfig(base, defaults).telegram).toBeUndefined();
    const token = '123456:AAbbCCddEEffGGhhIIjjKKll';
    expect(
      loadConfig({ ...base, TELEGRAM_BOT_TOKEN: token, TELEGRAM_CHANNEL_ID: '@magotips' }, defaults)
        .telegram,
    ).toEqual({ token, channelId: '@magotips', apiUrl: 'https://api.telegram.org' });
    // A bot without a channel links accounts (issue 31) and posts nowhere.
    expect(loadConfig({ ...base, TELEGRAM_BOT_TOKEN: token }, defaults).telegram).toBeUndefined();
    expect(() => loadConfig({ ...base, TELEGRAM_CHANNEL_ID: '@magotips' }, defaults)).toThrow(
      'Falta TELEGRAM_BOT_TOKEN',
    );
    expect(() =>
      loadConfig(
        { ...base, TELEGRAM_BOT_TOKEN: 'abc', TELEGRAM_CHANNEL_ID: '@magotips' },
        defaults,
      ),
    ).toThrow('TELEGRAM_BOT_TOKEN no parece un token de bot');
    expect(() =>
      loadConfig({ ...base, TELEGRAM_BOT_TOKEN: token, TELEGRAM_CHANNEL_ID: 'canal' }, defaults),
    ).toThrow('TELEGRAM_CHANNEL_ID debe ser @nombre_del_canal o su id numérico');
  });

  it('links Telegram accounts with the bot token and the webhook secret (issue 31)', () => {
    const base = { JWT_SECRET: secret, DATA_DIR: '/tmp/x' };
    const token = '123456:AAbbCCddEEffGGhhIIjjKKll';
    const webhookSecret = 'a'.repeat(64);
    expect(
      loadConfig({ ...base, TELEGRAM_BOT_TOKEN: token }, defaults).telegramBot,
    ).toBeUndefined();
    expect(
      loadConfig(
        { ...base, TELEGRAM_BOT_TOKEN: token, TELEGRAM_WEBHOOK_SECRET: webhookSecret },
        defaults,
      ).telegramBot,
    ).toEqual({ token, webhookSecret, apiUrl: 'https://api.telegram.org', vipChatId: undefined });
    expect(() =>
      loadConfig(
        { ...base, TELEGRAM_BOT_TOKEN: token, TELEGRAM_WEBHOOK_SECRET: 'corto' },
        defaults,
      ),
    ).toThrow('TELEGRAM_WEBHOOK_SECRET debe tener entre 32 y 256 caracteres');
  });

  it('runs the VIP group only with the bot and its webhook, and a group id Telegram would give', () => {
    const base = { JWT_SECRET: secret, DATA_DIR: '/tmp/x' };
    const bot = {
      TELEGRAM_BOT_TOKEN: '123456:AAbbCCddEEffGGhhIIjjKKll',
      TELEGRAM_WEBHOOK_SECRET: 'a'.repeat(64),
    };
    expect(
      loadConfig({ ...base, ...bot, TELEGRAM_VIP_CHAT_ID: '-1001234567890' }, defaults).telegramBot
        ?.vipChatId,
    ).toBe('-1001234567890');
    expect(() => loadConfig({ ...base, ...bot, TELEGRAM_VIP_CHAT_ID: '@vip' }, defaults)).toThrow(
      'TELEGRAM_VIP_CHAT_ID debe ser el id numérico del grupo',
    );
    expect(() =>
      loadConfig(
        {
          ...base,
          TELEGRAM_BOT_TOKEN: bot.TELEGRAM_BOT_TOKEN,
          TELEGRAM_VIP_CHAT_ID: '-1001234567890',
        },
        defaults,
      ),
    ).toThrow('Faltan TELEGRAM_BOT_TOKEN y TELEGRAM_WEBHOOK_SECRET');
  });

  it('Web Push: a VAPID pair made once per data dir outside production; off in production unless keys are given', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'magotips-vapid-'));
    const dev = loadConfig({ JWT_SECRET: secret, DATA_DIR: dir }, defaults).push;
    expect(dev?.publicKey).toMatch(/^[\w-]{87}$/);
    expect(dev?.privateKey).toMatch(/^[\w-]{43}$/);
    expect(dev?.subject).toBe('mailto:soporte@localhost');
    expect(loadConfig({ JWT_SECRET: secret, DATA_DIR: dir }, defaults).push).toEqual(dev);

    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      DATA_DIR: dir,
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'MagoTips <no-reply@magotips.com>',
      SEED_DEMO: 'false',
      LEDGER_PRIVATE_KEY: ledgerKey,
      APP_URL: 'https://magotips.com',
      ...SELLER,
    };
    expect(loadConfig(production, defaults).push).toBeUndefined();
    expect(() => loadConfig({ ...production, WEB_PUSH: 'true' }, defaults)).toThrow(
      'Faltan VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY',
    );
    const given = { VAPID_PUBLIC_KEY: dev!.publicKey, VAPID_PRIVATE_KEY: dev!.privateKey };
    expect(
      loadConfig({ ...production, ...given, VAPID_SUBJECT: 'https://magotips.com' }, defaults).push,
    ).toEqual({
      publicKey: dev!.publicKey,
      privateKey: dev!.privateKey,
      subject: 'https://magotips.com',
    });
    expect(() => loadConfig({ ...production, VAPID_PUBLIC_KEY: dev!.publicKey }, defaults)).toThrow(
      'VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas',
    );
    expect(() =>
      loadConfig({ ...production, ...given, VAPID_SUBJECT: 'soporte' }, defaults),
    ).toThrow('VAPID_SUBJECT debe empezar por mailto: o https://');
  });

  it('writes a P-256 private key as 32 bytes even when its number is shorter', () => {
    expect(Buffer.from(p256PrivateKey(Buffer.alloc(31, 7)), 'base64url')).toEqual(
      Buffer.concat([Buffer.from([0]), Buffer.alloc(31, 7)]),
    );
    expect(p256PrivateKey(Buffer.alloc(32, 9))).toMatch(/^[\w-]{43}$/);
  });

  it('trusts no proxy unless told how many hops to believe', () => {
    expect(loadConfig({ JWT_SECRET: secret, DATA_DIR: '/tmp/x' }, defaults).trustProxyHops).toBe(0);
    expect(
      loadConfig({ JWT_SECRET: secret, DATA_DIR: '/tmp/x', TRUST_PROXY: '1' }, defaults)
        .trustProxyHops,
    ).toBe(1);
  });

  it('runs the payment job every minute unless told otherwise, within sane bounds', () => {
    const base = { JWT_SECRET: secret, DATA_DIR: '/tmp/x' };
    expect(loadConfig(base, defaults).paymentJobIntervalMs).toBe(60_000);
    expect(
      loadConfig({ ...base, PAYMENT_JOB_INTERVAL_MS: '1000' }, defaults).paymentJobIntervalMs,
    ).toBe(1_000);
    expect(() => loadConfig({ ...base, PAYMENT_JOB_INTERVAL_MS: '10' }, defaults)).toThrow(
      /PAYMENT_JOB_INTERVAL_MS/,
    );
    expect(() => loadConfig({ ...base, PAYMENT_JOB_INTERVAL_MS: 'a' }, defaults)).toThrow(
      /PAYMENT_JOB_INTERVAL_MS/,
    );
  });

  it('turns demo seeding off by default on PostgreSQL', () => {
    const c = loadConfig(
      { DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: secret, DATA_DIR: '/tmp/x' },
      defaults,
    );
    expect(c.seedDemo).toBe(false);
  });

  it('generates a development secret once and reuses it', () => {
    const dir = `/tmp/magotips-secret-${process.pid}-${Date.now()}`;
    const a = loadConfig({ DATA_DIR: dir }, defaults).jwtSecret;
    const b = loadConfig({ DATA_DIR: dir }, defaults).jwtSecret;
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(b).toBe(a);
  });

  it('refuses production without JWT_SECRET, with a clear line', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' }, defaults),
    ).toThrow(/JWT_SECRET/);
  });

  it('refuses production without SMTP_URL or MAIL_FROM: reset links would only reach the outbox', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: secret, DATABASE_URL: 'postgres://u@h/db' };
    expect(() => loadConfig(prod, defaults)).toThrow(/^Falta SMTP_URL/);
    expect(() => loadConfig({ ...prod, SMTP_URL: 'smtp://h:587' }, defaults)).toThrow(
      /^Falta MAIL_FROM/,
    );
    const ok = loadConfig(
      {
        ...prod,
        SMTP_URL: 'smtp://h:587',
        MAIL_FROM: 'X <a@b.c>',
        LEDGER_PRIVATE_KEY: ledgerKey,
        APP_URL: 'https://magotips.com',
        ...SELLER,
      },
      defaults,
    );
    expect(ok.mailFrom).toBe('X <a@b.c>');
  });

  it('the ledger key: required in production, made once per data dir elsewhere (the proof issue)', () => {
    const prod = {
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      DATABASE_URL: 'postgres://u@h/db',
      SMTP_URL: 'smtp://h:587',
      MAIL_FROM: 'X <a@b.c>',
    };
    expect(() => loadConfig(prod, defaults)).toThrow(/^Falta LEDGER_PRIVATE_KEY/);
    expect(() => loadConfig({ ...prod, LEDGER_PRIVATE_KEY: 'corta' }, defaults)).toThrow(
      /LEDGER_PRIVATE_KEY/,
    );
    const withKey = {
      ...prod,
      LEDGER_PRIVATE_KEY: ledgerKey,
      APP_URL: 'https://magotips.com',
      ...SELLER,
    };
    expect(loadConfig(withKey, defaults).ledgerPrivateKey).toBe(ledgerKey);
    const dir = mkdtempSync(path.join(tmpdir(), 'magotips-ledger-'));
    const dev = loadConfig({ JWT_SECRET: secret, DATA_DIR: dir }, defaults).ledgerPrivateKey;
    expect(dev).toContain('BEGIN PRIVATE KEY');
    expect(loadConfig({ JWT_SECRET: secret, DATA_DIR: dir }, defaults).ledgerPrivateKey).toBe(dev);
  });

  it('refuses production without the seller of the receipts; demo seller elsewhere (issue 30)', () => {
    const prod = {
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      DATABASE_URL: 'postgres://u@h/db',
      SMTP_URL: 'smtp://h:587',
      MAIL_FROM: 'X <a@b.c>',
      LEDGER_PRIVATE_KEY: ledgerKey,
      APP_URL: 'https://magotips.com',
    };
    expect(() => loadConfig(prod, defaults)).toThrow(/^Faltan SELLER_NAME/);
    expect(() => loadConfig({ ...prod, ...SELLER, SELLER_ADDRESS: '' }, defaults)).toThrow(
      /^Faltan SELLER_NAME/,
    );
    expect(loadConfig({ ...prod, ...SELLER }, defaults).seller).toEqual({
      legalName: 'MagoTips S.L.',
      taxId: 'B12345674',
      address: 'Calle 1, Madrid',
    });
    const dev = loadConfig({ JWT_SECRET: secret, DATA_DIR: '/tmp/magotips-config-test' }, defaults);
    expect(dev.seller.legalName).toMatch(/demostración/);
  });

  it('refuses production without an https APP_URL: e-mail links and one-click unsubscribe need it (issue 29)', () => {
    const prod = {
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      DATABASE_URL: 'postgres://u@h/db',
      SMTP_URL: 'smtp://h:587',
      MAIL_FROM: 'X <a@b.c>',
      LEDGER_PRIVATE_KEY: ledgerKey,
    };
    expect(() => loadConfig(prod, defaults)).toThrow(/^Falta APP_URL con https/);
    expect(() => loadConfig({ ...prod, APP_URL: 'http://magotips.com' }, defaults)).toThrow(
      /^Falta APP_URL con https/,
    );
    expect(
      loadConfig({ ...prod, APP_URL: 'https://magotips.com/', ...SELLER }, defaults).appUrl,
    ).toBe('https://magotips.com');
  });

  it('refuses demo seeding in production', () => {
    expect(() =>
      loadConfig(
        { NODE_ENV: 'production', JWT_SECRET: secret, SEED_DEMO: 'true', DATA_DIR: '/tmp/x' },
        defaults,
      ),
    ).toThrow(ConfigError);
  });

  it('rejects a malformed variable naming it', () => {
    expect(() => loadConfig({ PORT: 'abc', JWT_SECRET: secret }, defaults)).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', JWT_SECRET: secret }, defaults)).toThrow(
      /DATABASE_URL/,
    );
  });
});
