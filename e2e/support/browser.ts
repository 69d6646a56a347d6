import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

export type Session = { context: BrowserContext; page: Page; close(): Promise<void> };

/** A fresh Chromium profile (so no stored disclaimer flag or session leaks between tests).
 * `timezoneId` is the browser's IANA zone (a reader abroad); otherwise the machine's. */
export async function openBrowser(
  viewport = DESKTOP,
  { timezoneId }: { timezoneId?: string } = {},
): Promise<Session> {
  const profile = mkdtempSync(path.join(tmpdir(), 'magotips-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: inject('chromiumPath'),
    viewport,
    locale: 'es-ES',
    ...(timezoneId ? { timezoneId } : {}),
    baseURL: inject('baseUrl'),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Marks the disclaimer as accepted before any page script runs, for journeys that are not about it. */
export async function acceptDisclaimerUpFront(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    localStorage.setItem('disclaimerAccepted', 'true');
    localStorage.setItem('cookieNoticeAccepted', 'true');
  });
}

/** The whole page by default; `{ fullPage: false }` for what the screen shows right now. */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Runs axe-core in the page. Evaluated through the DevTools protocol, which the page's CSP
 * does not govern, so the product's strict policy stays on during the check. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Console errors and uncaught exceptions of `page` from now on: a journey ends expecting none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The whole page from the top: taken scrolled down, the sticky header would be painted over
 * the middle of the picture. */
export async function pageShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}
