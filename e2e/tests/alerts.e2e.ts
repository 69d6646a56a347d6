// Issue 15's e-mail journey: a reader who ticked "Quiero recibir novedades…" at sign-up sees the
// switch on in /panel/cuenta; an editor publishes a free tip and the alert reaches the reader's
// inbox with both unsubscribe headers; the reader leaves from the e-mail's link, signed out, with
// one click; the next tip sends them nothing; the admin sees the tip's alerts counted.
import { inject } from 'vitest';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acceptDisclaimerUpFront,
  collectErrors,
  DESKTOP,
  openBrowser,
  pageShot,
  PHONE,
  seriousAxeViolations,
  type Session,
} from '../support/browser';
import { freshAccount } from '../support/api';
import { readOutbox, type Email } from '../support/outbox';
import { DEMO, signIn } from '../support/session';
import { confirmPublication, fillNewTip } from '../support/tip-form';

const RUN = Date.now().toString(36);
const PASSWORD = 'Avisos-e2e-2026';

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

async function alertsTo(address: string, title: string): Promise<Email[]> {
  return (await readOutbox(inject('dataDir'))).filter(
    (mail) => mail.to.includes(address) && mail.subject.includes(title),
  );
}

/** The queue sends right after the publish answers: wait for it, as an inbox would. */
async function waitForAlert(address: string, title: string): Promise<Email> {
  await expect.poll(async () => (await alertsTo(address, title)).length, { timeout: 20_000 }).toBe(1);
  return (await alertsTo(address, title))[0]!;
}

async function publishFreeTip(title: string) {
  s = await openBrowser(DESKTOP);
  await signIn(s.context, DEMO.editor);
  const { page } = s;
  await page.goto('/panel/editor');
  await page.getByText(/tips en total/).waitFor();
  await page.getByRole('button', { name: 'Nuevo tip' }).click();
  await fillNewTip(page, {
    title,
    minutesFromNow: 6 * 60,
    analysis: 'Partido abierto: los dos necesitan ganar.',
    bet: { pick: 'Ambos marcan: sí', odds: '1,72', stake: '2' },
  });
  await page.getByRole('button', { name: 'Crear tip' }).click();
  await confirmPublication(page);
  await page.getByText('Tip creado.').waitFor();
  await s.close();
  s = undefined;
}

describe('alerts of new tips by e-mail', () => {
  it('consent at sign-up → alert with one-click unsubscribe → unsubscribed from the link → nothing more; counted for the admin', async () => {
    const reader = await freshAccount('avisos', { firstName: 'Alba', lastName: 'Avisada' }, PASSWORD, {
      acceptsNews: true,
    });

    // The account page shows the consent as the free e-mail switch, on a phone and a desktop.
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      s = await openBrowser(viewport);
      await signIn(s.context, reader.email, PASSWORD);
      const errors = collectErrors(s.page);
      await s.page.goto('/panel/cuenta');
      const card = s.page.getByRole('region', { name: 'Avisos de nuevos tips' });
      const free = card.getByRole('switch', { name: 'Tips gratis por e-mail' });
      await free.waitFor();
      expect(await free.isChecked()).toBe(true);
      await card.scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(s.page)).toEqual([]);
      await pageShot(s.page, `alerts-account-${name}`);
      expect(errors).toEqual([]);
      await s.close();
      s = undefined;
    }

    // An editor publishes a free tip: the alert arrives, once, with both unsubscribe headers.
    const first = `Avisos e2e ${RUN}: Getafe vs. Celta`;
    await publishFreeTip(first);
    const alert = await waitForAlert(reader.email, first);
    expect(alert.text).toContain('Ambos marcan: sí');
    expect(alert.text).toMatch(/\/tip\/[0-9a-f-]{36}/);
    const unsubscribeHeader = alert.headers.get('list-unsubscribe') ?? '';
    expect(alert.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https?:\/\/[^>]+\/avisos\/baja\?token=[^>]+)>$/.exec(unsubscribeHeader)?.[1];
    expect(link, unsubscribeHeader).toBeTruthy();

    // The reader follows the link signed out: nothing happens until the click.
    s = await openBrowser(PHONE);
    await acceptDisclaimerUpFront(s.context);
    const { page } = s;
    const errors = collectErrors(page);
    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'Darte de baja de los avisos' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await pageShot(page, 'alerts-unsubscribe-phone');
    await page.getByRole('button', { name: 'Darme de baja' }).click();
    await page.getByText('Listo: ya no recibirás avisos de tips por e-mail.').waitFor();
    await page.getByRole('link', { name: 'Gestionar mis avisos' }).waitFor();
    await pageShot(page, 'alerts-unsubscribed-phone');
    expect(errors).toEqual([]);
    await s.close();
    s = undefined;

    // The next tip sends them nothing (the editor's own copy, if any, shows the queue ran).
    const second = `Avisos e2e ${RUN}: Osasuna vs. Alavés`;
    await publishFreeTip(second);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await alertsTo(reader.email, second)).toEqual([]);

    // The admin sees the first tip's alerts counted as sent.
    s = await openBrowser(DESKTOP);
    await signIn(s.context, DEMO.admin);
    await s.page.goto('/panel/admin');
    await s.page.getByRole('tab', { name: 'Avisos' }).click();
    const table = s.page.getByRole('table', { name: 'Avisos por tip' });
    const row = table.getByRole('row').filter({ hasText: first });
    await row.waitFor();
    const headers = await table.getByRole('columnheader').allInnerTexts();
    const values = await row.locator('th, td').allInnerTexts();
    const column = (name: string) => values[headers.indexOf(name)]?.trim();
    // The reader's alert, at least (other journeys' readers may have opted in too).
    expect(Number(column('Enviados'))).toBeGreaterThanOrEqual(1);
    expect(column('Descartados')).toBe('0');
    await pageShot(s.page, 'alerts-admin-desktop');
  });
});
