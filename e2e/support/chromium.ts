import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The system browser: Playwright's own download cannot run on these machines. */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const found = CANDIDATES.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      'No se encontró Chromium para las pruebas de navegador. Instálalo con: apt-get update && apt-get install -y chromium (o indica su ruta en CHROMIUM_PATH).',
    );
  }
  return found;
}
