import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { acceptDisclaimerUpFront, DESKTOP, openBrowser, PHONE, type Session } from '../support/browser';
import { layoutShift, recordLayoutShifts } from '../support/layout-shift';
import { DEMO, signIn } from '../support/session';

// Issue 13 item 9: no page jumps while it loads (CLS ≤ 0.1), signed out and signed in, on a phone
// and a desktop. Each page is opened by URL, left to settle, and its shifts summed.

const LIMIT = 0.1;
let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

async function settledShift(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<number> {
  await page.goto(path);
  await ready(page);
  // Late images, fonts and queries get their chance to move things.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const cls = await layoutShift(page);
  // The measurement itself, for the run's log.
  console.info(`CLS ${path} (${page.viewportSize()?.width ?? 0} px): ${cls.toFixed(3)}`);
  return cls;
}

async function freeTipId(): Promise<string> {
  const { body } = await api('/tips/preview?limit=1');
  return (body.tips as { _id: string }[])[0]!._id;
}

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`layout shift (${label})`, () => {
    it('the visitor landing', async () => {
      s = await openBrowser(viewport);
      await acceptDisclaimerUpFront(s.context);
      await recordLayoutShifts(s.context);
      const cls = await settledShift(s.page, '/', (p) => p.getByRole('button', { name: 'Leer análisis completo' }).waitFor());
      expect(cls, `CLS of / (${label})`).toBeLessThanOrEqual(LIMIT);
    });

    for (const [path, ready] of [
      ['/', (p: Page) => p.getByRole('tab').first().waitFor()],
      ['/panel/cuenta', (p: Page) => p.getByRole('heading', { level: 1, name: 'Mi Cuenta' }).waitFor()],
      ['/subscription', (p: Page) => p.getByRole('heading', { level: 1 }).first().waitFor()],
    ] as const) {
      it(`signed in: ${path}`, async () => {
        s = await openBrowser(viewport);
        await signIn(s.context, DEMO.user);
        await recordLayoutShifts(s.context);
        const cls = await settledShift(s.page, path, ready);
        expect(cls, `CLS of ${path} signed in (${label})`).toBeLessThanOrEqual(LIMIT);
      });
    }

    it('an admin: /panel/admin (the roles tab while its list loads)', async () => {
      s = await openBrowser(viewport);
      await signIn(s.context, DEMO.admin);
      await recordLayoutShifts(s.context);
      const cls = await settledShift(s.page, '/panel/admin', (p) => p.getByRole('tab').first().waitFor());
      expect(cls, `CLS of /panel/admin (${label})`).toBeLessThanOrEqual(LIMIT);
    });

    it('signed in: a tip page', async () => {
      const id = await freeTipId();
      s = await openBrowser(viewport);
      await signIn(s.context, DEMO.user);
      await recordLayoutShifts(s.context);
      const cls = await settledShift(s.page, `/tip/${id}`, (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
      expect(cls, `CLS of /tip/{id} (${label})`).toBeLessThanOrEqual(LIMIT);
    });
  });
}
