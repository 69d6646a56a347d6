// Issue 15 item 2: an editor schedules a tip ("Programar publicación"); it waits hidden, marked
// with its time in the editor's list; when the time comes (the server's clock is moved ahead) the
// queue publishes it, the opted-in reader gets the alert, and opens the tip from it on a phone.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { freshAccount } from '../support/api';
import {
  collectErrors,
  DESKTOP,
  openBrowser,
  pageShot,
  PHONE,
  seriousAxeViolations,
  type Session,
} from '../support/browser';
import { advanceServerClock } from '../support/clock';
import { readOutbox } from '../support/outbox';
import { DEMO, signIn } from '../support/session';
import { confirmPublication, fillNewTip, jumpToMatchDay, localDateTime } from '../support/tip-form';

const RUN = Date.now().toString(36);
const PASSWORD = 'Programado-e2e-2026';

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

function tipItem(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
}

async function openEditorList(viewport: typeof PHONE): Promise<Session> {
  const session = await openBrowser(viewport);
  await signIn(session.context, DEMO.editor);
  await session.page.goto('/panel/editor');
  await session.page.getByText(/tips en total/).waitFor();
  return session;
}

describe('scheduled publication', () => {
  it('a scheduled tip waits hidden, is published by the queue at its time and announced once', async () => {
    const reader = await freshAccount('programado', { firstName: 'Pablo', lastName: 'Puntual' }, PASSWORD, {
      acceptsNews: true,
    });
    const title = `Programado e2e ${RUN}: Rayo vs. Mallorca`;

    // The editor schedules it a few minutes ahead, the match some hours later.
    s = await openEditorList(DESKTOP);
    let page = s.page;
    let errors = collectErrors(page);
    await page.getByRole('button', { name: 'Nuevo tip' }).click();
    await fillNewTip(page, {
      title,
      minutesFromNow: 5 * 60,
      analysis: 'Los dos llegan con bajas en defensa.',
      bet: { pick: 'Más de 2,5 goles', odds: '2,05', stake: '2' },
    });
    await page.getByLabel('Publicado').uncheck();
    await page.getByLabel('Programar publicación').check();
    const at = await localDateTime(page, 3);
    await page.getByLabel('Fecha de publicación').fill(at.date);
    await page.getByLabel('Hora de publicación').fill(at.time);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await pageShot(page, 'scheduled-form-desktop');
    await page.getByRole('button', { name: 'Crear tip' }).click();
    await confirmPublication(page);
    await page.getByText('Tip creado.').waitFor();
    await tipItem(page, title).getByText(/Se publica el/).waitFor();
    expect(errors).toEqual([]);
    await s.close();

    // On a phone, the list shows when it goes out (found by its match date: the list runs by it).
    s = await openEditorList(PHONE);
    page = s.page;
    await jumpToMatchDay(page, 5 * 60);
    const item = tipItem(page, title);
    await item.getByText(`Se publica el`).waitFor();
    expect(await item.getByText('Oculto').count()).toBe(0);
    await item.scrollIntoViewIfNeeded();
    await pageShot(page, 'scheduled-list-phone');
    await s.close();
    s = undefined;

    // Nothing is sent before the time…
    const alerts = async () =>
      (await readOutbox(inject('dataDir'))).filter(
        (mail) => mail.to.includes(reader.email) && mail.subject.includes(title),
      );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await alerts()).toEqual([]);

    // …and when it comes, the queue publishes it and the alert goes out, once.
    await advanceServerClock(5 * 60_000);
    await expect.poll(async () => (await alerts()).length, { timeout: 30_000 }).toBe(1);
    const tipPath = /\/tip\/[0-9a-f-]{36}/.exec((await alerts())[0]?.text ?? '')?.[0];
    expect(tipPath).toBeTruthy();

    s = await openEditorList(DESKTOP);
    page = s.page;
    await jumpToMatchDay(page, 5 * 60);
    const published = tipItem(page, title);
    await published.waitFor();
    expect(await published.getByText(/Se publica el/).count()).toBe(0);
    expect(await published.getByRole('switch', { name: 'Publicado' }).isChecked()).toBe(true);
    await s.close();

    // The reader opens it from the alert on a phone.
    s = await openBrowser(PHONE);
    await signIn(s.context, reader.email, PASSWORD);
    page = s.page;
    errors = collectErrors(page);
    await page.goto(tipPath!);
    await page.getByRole('heading', { name: title }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await pageShot(page, 'scheduled-tip-phone');
    expect(errors).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await alerts()).toHaveLength(1);
  });
});
