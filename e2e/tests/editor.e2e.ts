import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { collectErrors, DESKTOP, openBrowser, pageShot, PHONE, seriousAxeViolations, type Session } from '../support/browser';
import { confirmPublication, fillNewTip, localDateTime } from '../support/tip-form';
import { DEMO, DEMO_PASSWORD, signIn } from '../support/session';

// Unique per run, so a journey never trips over what an earlier run left behind.
const RUN = Date.now().toString(36);
const TIP_TITLE = `Tip e2e ${RUN}: Boca vs. River`;
const PACK_NAME = `Pack e2e ${RUN}`;

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

type Json = Record<string, unknown>;

async function api(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<Json> {
  const res = await fetch(`${inject('baseUrl')}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await res.json()) as Json;
}

async function editorToken(): Promise<string> {
  const body = await api('/auth/login', {
    method: 'POST',
    body: { email: DEMO.editor, password: DEMO_PASSWORD },
  });
  return String(body.token);
}

// The e2e server is shared by every journey: the tip and pack made here must not stay in the
// landing's lists for the journeys that run after this file, even when an assertion failed.
afterAll(async () => {
  const token = await editorToken();
  const tips = (await api('/tips?management=true&limit=100', { token })) as {
    tips?: { _id: string; title: string }[];
  };
  for (const tip of tips.tips ?? []) {
    if (tip.title === TIP_TITLE) await api(`/tips/${tip._id}`, { method: 'DELETE', token });
  }
  const packs = (await api('/packs', { token })) as { data?: { _id: string; nombre: string }[] };
  for (const pack of packs.data ?? []) {
    if (pack.nombre === PACK_NAME) await api(`/packs/${pack._id}`, { method: 'DELETE', token });
  }
});

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

/** What the screen shows: an open dialog is fixed to the viewport, not to the page. */
async function viewShot(page: Page, name: string) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

function editorRow(page: Page, title: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
}

async function openFreeTab(page: Page) {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Tips Gratis' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Tips Gratis' });
  await panel.getByRole('article').first().waitFor();
  return panel;
}

describe('editor panel', () => {
  it('an editor creates a tip, sees it listed and on the landing, unpublishes it and it leaves the free tab', async () => {
    s = await openBrowser(DESKTOP);
    await signIn(s.context, DEMO.editor);
    const { page } = s;
    const errors = collectErrors(page);

    await page.goto('/panel/editor');
    await page.getByRole('heading', { level: 1, name: 'Edición' }).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Secciones de edición' });
    // Plans need BOTH editor and admin: an editor alone is not offered the tab (issue 13).
    // "Resultados" carries the count of matches waiting for one, e.g. "Resultados (2)".
    const tabNames = (await tabs.getByRole('tab').allTextContents()).map((name) => name.replace(/\s*\(\d+\)$/, ''));
    expect(tabNames).toEqual(['Tips', 'Resultados', 'Packs']);
    await page.getByText(/tips en total/).waitFor();
    // The list runs by match date (issue 17 item 3): the pager says which days the page shows.
    expect(await page.getByText(/^Partidos del .+ · \d+ tips$/).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await pageShot(page, 'editor-tips-desktop');

    // An empty form answers with the contract's messages.
    await page.getByRole('button', { name: 'Nuevo tip' }).click();
    await page.getByRole('button', { name: 'Crear tip' }).click();
    await page.getByText('Debes seleccionar un deporte').waitFor();
    expect(await page.getByText('El título es requerido').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await pageShot(page, 'editor-tip-form-errors-desktop');

    // Two hours ahead: upcoming, so it is among the first free tips of the landing.
    await fillNewTip(page, {
      title: TIP_TITLE,
      minutesFromNow: 2 * 60,
      analysis: 'Clásico de alta tensión. Ambos marcan a cuota 1.80.',
      bet: { pick: 'Ambos marcan: sí', odds: '1,80', stake: '2' },
    });
    await page.getByRole('button', { name: 'Crear tip' }).click();
    await confirmPublication(page);
    await page.getByText('Tip creado.').waitFor();
    const row = editorRow(page, TIP_TITLE);
    await row.waitFor();
    expect(await row.getByRole('switch', { name: 'Publicado' }).getAttribute('aria-checked')).toBe(
      'true',
    );

    const landing = await s.context.newPage();
    const freeTab = await openFreeTab(landing);
    await freeTab.getByRole('heading', { name: TIP_TITLE }).waitFor();

    await row.getByRole('switch', { name: 'Publicado' }).click();
    await page.getByText('Tip ocultado.').waitFor();
    expect(await row.getByRole('switch', { name: 'Publicado' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(await row.getByText('Oculto').count()).toBe(1);

    const freeTabAgain = await openFreeTab(landing);
    expect(await freeTabAgain.getByRole('heading', { name: TIP_TITLE }).count()).toBe(0);

    // Deleting asks first, with SPEC.md's words; Cancelar keeps the tip.
    await row.getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('alertdialog', {
      name: '¿Estás seguro de que quieres eliminar este tip?',
    });
    await confirm.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await viewShot(page, 'editor-delete-confirm-desktop');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: 'Eliminar' }).click();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Tip eliminado.').waitFor();
    await expect.poll(() => row.count()).toBe(0);

    expect(errors).toEqual([]);
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`moves through the tips by match date: Siguientes, Anteriores and a date jump (${name})`, async () => {
      s = await openBrowser(viewport);
      await signIn(s.context, DEMO.editor);
      const { page } = s;
      const errors = collectErrors(page);
      await page.goto('/panel/editor');
      await page.getByText(/tips en total/).waitFor();
      const nav = page.getByRole('navigation', { name: 'Páginas de tips' });
      const previous = nav.getByRole('button', { name: '← Anteriores' });
      const next = nav.getByRole('button', { name: 'Siguientes →' });
      const firstTitle = () => page.locator('.editor-list').getByRole('heading').first().textContent();
      const top = await firstTitle();
      expect(await previous.getAttribute('aria-disabled')).toBe('true');

      await next.click();
      await expect.poll(firstTitle).not.toBe(top);
      const second = await firstTitle();
      await next.click();
      await expect.poll(firstTitle).not.toBe(second);
      await previous.click();
      await expect.poll(firstTitle).toBe(second);
      // From the keyboard: the focus stays on the pager's button between pages.
      await previous.focus();
      await page.keyboard.press('Enter');
      await expect.poll(firstTitle).toBe(top);
      expect(await previous.evaluate((el) => el === document.activeElement)).toBe(true);

      // A month back: the page starts at that day's latest match and goes back from there.
      const { date } = await localDateTime(page, -30 * 24 * 60);
      await page.getByLabel('Ir a la fecha del partido').fill(date);
      await page.getByRole('button', { name: 'Ir', exact: true }).click();
      await page.getByRole('button', { name: 'Más recientes' }).waitFor();
      await expect.poll(firstTitle).not.toBe(top);
      const onOrBefore = await page.locator('.editor-item__meta time').evaluateAll(
        (times, day) => {
          const end = new Date(`${day}T23:59:59.999`).getTime();
          return times.map((t) => new Date(t.getAttribute('datetime') ?? '').getTime() <= end);
        },
        date,
      );
      expect(onOrBefore.length).toBeGreaterThan(0);
      expect(onOrBefore.every(Boolean)).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await pageShot(page, `editor-tips-by-date-${name}`);
      await nav.scrollIntoViewIfNeeded();
      await viewShot(page, `editor-tips-pager-${name}`);
      expect(errors).toEqual([]);
    });
  }

  it('an editor builds a pack from VIP tips and it appears in Packs Disponibles', async () => {
    s = await openBrowser(DESKTOP);
    await signIn(s.context, DEMO.editor);
    const { page } = s;
    const errors = collectErrors(page);

    await page.goto('/panel/editor?tab=packs');
    await page.getByRole('heading', { name: 'Pack Estados Unidos' }).waitFor();
    await page.getByRole('button', { name: 'Nuevo pack' }).click();
    const selector = page.getByRole('group', { name: 'Tips VIP del pack' });
    await selector.getByRole('checkbox').first().waitFor();
    // Past demo tips are flagged; the analysis is cut to 100 characters.
    const golf = selector.locator('label').filter({ hasText: 'Masters de Augusta' });
    expect(await golf.getByText('Vencido').count()).toBe(1);
    const snippet = await golf.locator('.tip-option__snippet').textContent();
    expect(snippet?.endsWith('...')).toBe(true);
    expect(snippet?.length).toBe(103);

    await page.getByLabel('Nombre').fill(PACK_NAME);
    await page.getByLabel('Descripción').fill('Dos partidos VIP elegidos por el mago.');
    await page.getByLabel('Precio (USD)').fill('12.50');
    for (const title of [
      'Alcaraz vs. Sinner',
      'Chiefs vs. Bills',
      'Oilers vs. Maple Leafs',
      'UFC: combate estelar',
    ]) {
      await selector
        .getByRole('checkbox', { name: new RegExp(title.replace(/[.+]/g, '\\$&')) })
        .check();
    }
    await selector.getByText('4 tips seleccionados').waitFor();
    expect(await selector.getByText('+1 más').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await pageShot(page, 'editor-pack-form-desktop');

    await page.getByRole('button', { name: 'Crear pack' }).click();
    await page.getByText('Pack creado.').waitFor();
    await editorRow(page, PACK_NAME).waitFor();
    await pageShot(page, 'editor-packs-desktop');

    await page.goto('/');
    const available = page.getByRole('tabpanel', { name: 'Packs Disponibles' });
    const card = available
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: PACK_NAME }) });
    await card.waitFor();
    expect(await card.getByText('$12.50 USD').count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Comprar' }).isEnabled()).toBe(true);
    await card.getByText('Ver 4 partidos').click();
    expect(await card.getByRole('listitem').count()).toBe(4);

    expect(errors).toEqual([]);
  });

  it('plans need an admin too: the editor is told, the admin manages them', async () => {
    s = await openBrowser(PHONE);
    await signIn(s.context, DEMO.editor);
    let page = s.page;
    await page.goto('/panel/editor?tab=suscripciones');
    await page
      .getByText(
        'Los planes de suscripción no están disponibles para tu cuenta: Se requieren AMBOS roles: editor y admin.',
      )
      .waitFor();
    expect(await page.getByRole('tab', { name: 'Suscripciones' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Tips' }).getAttribute('aria-selected')).toBe('true');
    await s.close();

    s = await openBrowser(PHONE);
    await signIn(s.context, DEMO.admin);
    page = s.page;
    const errors = collectErrors(page);
    await page.goto('/panel/editor');
    await page.getByText(/tips en total/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await pageShot(page, 'editor-tips-phone');

    await page.getByRole('tab', { name: 'Suscripciones' }).click();
    await page.getByRole('heading', { name: 'Todos los tips VIP', exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await pageShot(page, 'editor-plans-phone');

    await page.getByRole('button', { name: 'Nuevo plan' }).click();
    await page.getByLabel('Clave').fill('Plan VIP');
    await page.getByRole('button', { name: 'Crear plan' }).click();
    await page
      .getByText('La clave solo puede contener letras minúsculas, números, guiones y guiones bajos')
      .waitFor();
    expect(await page.getByText('El nombre del plan es requerido').count()).toBe(1);
    await pageShot(page, 'editor-plan-form-phone');
    await page.getByRole('button', { name: 'Cancelar' }).click();

    await editorRow(page, 'Todos los tips VIP · 3 meses').getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('alertdialog', {
      name: '¿Estás seguro de que quieres eliminar este plan?',
    });
    expect(await confirm.textContent()).toContain('Esta acción no se puede deshacer.');
    await viewShot(page, 'editor-plan-delete-phone');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();

    expect(errors).toEqual([]);
  });

  it('turns away a plain user with Acceso Denegado', async () => {
    s = await openBrowser(PHONE);
    await signIn(s.context, DEMO.user);
    const { page } = s;
    await page.goto('/panel/editor');
    await page.getByRole('heading', { level: 1, name: 'Acceso Denegado' }).waitFor();
    expect(await page.getByText(/Se requiere rol de editor\./).count()).toBe(1);
    expect(await page.getByRole('tablist').count()).toBe(0);
  });
});
