import { ConfigError, loadConfig } from '../config/config';
import { defaultWebDistDir } from '../lib/paths';
import { callBotApi } from '../modules/telegram/bot-api';
import { registerWebhook } from '../modules/telegram/register-webhook';

/**
 * `npm run telegram:webhook`: tells Telegram where the bot's updates go (APP_URL/api/telegram/
 * webhook) and the secret they carry (TELEGRAM_WEBHOOK_SECRET). Run once per deploy that changes
 * APP_URL or the secret; running it again changes nothing (decision 0103).
 */
async function main() {
  let config;
  try {
    config = loadConfig(
      { ...process.env, SEED_DEMO: 'false' },
      { webDistDir: defaultWebDistDir() },
    );
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`✖ ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const bot = config.telegramBot;
  if (!bot) {
    console.error('✖ Faltan TELEGRAM_BOT_TOKEN y TELEGRAM_WEBHOOK_SECRET (docs/deploy.md).');
    process.exit(2);
  }
  const url = await registerWebhook(bot, config.appUrl);
  const info = (await callBotApi(bot, 'getWebhookInfo', {})) as { pending_update_count?: number };
  console.log(
    `✔ Webhook de Telegram registrado en ${url} (${info.pending_update_count ?? 0} updates pendientes).`,
  );
}

main().catch((err: unknown) => {
  console.error(
    '✖ No se pudo registrar el webhook de Telegram:',
    err instanceof Error ? err.message : err,
  );
  process.exit(1);
});
