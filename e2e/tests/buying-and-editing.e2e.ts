import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { api, freshAccount, tokenOf } from '../support/api';
import { collectErrors, DESKTOP, openBrowser, pageShot, PHONE, screenshot, seriousAxeViolations, type Session } from '../support/browser';
import { confirmPurchase, consentBox } from '../support/checkout';
import { confirmPublication, fillNewTip } from '../support/tip-form';
import { DEMO, signIn } from '../support/session';

// Issue 13, items 14 to 16, walked at 390×844 and 1280×800: an editor types a price the Spanish
// way, a buyer must ask for immediate access before paying, and a saved tip's result is where the
// eye and the focus are.

const RUN = Date.now().toString(36);
const PACK_PREFIX = `Pack coma ${RUN}`;
const TIP_PREFIX = `Tip foco ${RUN}`;
const PASSWORD = 'clave-segura-1';
const EUROPE_PACK = 'Pack Fin de Semana Europeo';
const CONSENT_REQUIRED =
  'Debes aceptar los Términos y solicitar el acceso inmediato para continuar con la compra';
const THOUSANDS =
  'Escribe el precio sin separador de miles: usa la coma o el punto solo para los centavos (ej.: 1250,50)';

const WIDTHS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

// One server serves every journey: what this file creates must not stay in the landing's lists.
afterAll(async () => {
  const token = await tokenOf(DEMO.editor);
  const packs = (await api('/packs', { token })).body as { data?: { _id: string; nombre: string }[] };
  for (const pack of packs.data ?? []) {
    if (pack.nombre.startsWith(PACK_PREFIX)) await api(`/packs/${pack._id}`, { method: 'DELETE', token });
  }
  const tips = (await api('/tips?management=true&limit=100', { token })).body as {
    tips?: { _id: string; title: string }[];
  };
  for (const tip of tips.tips ?? []) {
    if (tip.title.startsWith(TIP_PREFIX)) await api(`/tips/${tip._id}`, { method: 'DELETE', token });
  }
});

function editorRow(page: Page, title: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
}

/** What has the focus, and whether it is on screen and not covered (the sticky header). */
async function focusedInView(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { text: null, inView: false, onTop: false };
    const rect = el.getBoundingClientRect();
    const inView = rect.top >= 0 && rect.bottom <= window.innerHeight && rect.height > 0;
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return { text: el.textContent?.trim() ?? null, inView, onTop: hit !== null && el.contains(hit) };
  });
}

describe('an editor types a price the Spanish way (item 15)', () => {
  for (const [name, viewport] of WIDTHS) {
    it(`"12,50" is shown as $12.50 before saving and saved as 12.50 (${name})`, async () => {
      const packName = `${PACK_PREFIX} ${name}`;
      s = await openBrowser(viewport);
      await signIn(s.context, DEMO.editor);
      const { page } = s;
      const errors = collectErrors(page);

      await page.goto('/panel/editor?tab=packs');
      await page.getByRole('heading', { name: 'Pack Estados Unidos' }).waitFor();
      await page.getByRole('button', { name: 'Nuevo pack' }).click();
      const selector = page.getByRole('group', { name: 'Tips VIP del pack' });
      await selector.getByRole('checkbox').first().waitFor();
      await page.getByLabel('Nombre').fill(packName);
      await page.getByLabel('Descripción').fill('Dos partidos VIP, con el precio escrito con coma.');
      await selector.getByRole('checkbox', { name: /Alcaraz vs\. Sinner/ }).check();
      const price = page.getByLabel('Precio (USD)');

      // A thousands separator is refused with a message, not read as something else.
      await price.pressSequentially('1.250,00');
      await page.getByRole('button', { name: 'Crear pack' }).click();
      await page.getByText(THOUSANDS).waitFor();
      expect(await price.getAttribute('aria-invalid')).toBe('true');

      // Typed key by key, as a person does: a number field read this as 1250.
      await price.fill('');
      await price.pressSequentially('12,50');
      const preview = page.getByText(/^Se guardará como/);
      await preview.waitFor();
      expect(await preview.textContent()).toBe('Se guardará como $12.50 USD');
      expect(await page.getByText(THOUSANDS).count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await price.scrollIntoViewIfNeeded();
      await screenshot(page, `price-preview-${name}`, { fullPage: false });

      await page.getByRole('button', { name: 'Crear pack' }).click();
      await page.getByText('Pack creado.').waitFor();
      // Item 16 for packs: the result holds the focus, on screen.
      expect(await focusedInView(page)).toEqual({ text: 'Pack creado.', inView: true, onTop: true });
      const row = editorRow(page, packName);
      await row.waitFor();
      expect(await row.getByText('$12.50 USD').count()).toBe(1);

      const token = await tokenOf(DEMO.editor);
      const packs = (await api('/packs', { token })).body as { data: { nombre: string; precio: number }[] };
      expect(packs.data.find((pack) => pack.nombre === packName)?.precio).toBe(12.5);

      await page.goto('/');
      const card = page
        .getByRole('tabpanel', { name: 'Packs Disponibles' })
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: packName, exact: true }) });
      await card.waitFor();
      expect(await card.getByText('$12.50 USD').count()).toBe(1);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `price-on-landing-${name}`, { fullPage: false });

      expect(errors).toEqual([]);
    });
  }
});

describe('a buyer asks for immediate access before paying (item 14)', () => {
  for (const [name, viewport] of WIDTHS) {
    it(`the unticked consent stops the payment with a Spanish error; ticked, the pack is paid (${name})`, async () => {
      const buyer = await freshAccount(`consent-${name}`, { firstName: 'Carla', lastName: 'Compradora' }, PASSWORD);
      s = await openBrowser(viewport);
      await signIn(s.context, buyer.email, PASSWORD);
      const { page } = s;
      const errors = collectErrors(page);

      await page.goto('/');
      await page
        .getByRole('tabpanel', { name: 'Packs Disponibles' })
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: EUROPE_PACK, exact: true }) })
        .getByRole('button', { name: 'Comprar' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Comprar Pack' }).waitFor();

      const note = page.getByRole('complementary', { name: 'Compra segura' });
      expect(await note.textContent()).not.toContain('satisfacción');
      expect(await note.textContent()).toContain('Garantía de cobro correcto');
      const box = consentBox(page);
      expect(await box.isChecked()).toBe(false);
      const terms = page.locator('label', { has: page.getByRole('link', { name: /^Términos/ }) });
      expect(await terms.textContent()).toBe(
        'Acepto los Términos (se abre en una pestaña nueva) y solicito acceso inmediato; entiendo que pierdo el derecho de desistimiento una vez accedo al contenido',
      );
      expect(await terms.getByRole('link').getAttribute('href')).toBe('/docs#terminos');

      await page.getByRole('button', { name: 'Confirmar Compra - $19.99' }).click();
      await page.getByText(CONSENT_REQUIRED).waitFor();
      expect(new URL(page.url()).pathname).toBe('/purchase');
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => localStorage.getItem('lastPackTransactionId'))).toBeNull();
      expect(await seriousAxeViolations(page), '/purchase, consent missing').toEqual([]);
      await screenshot(page, `purchase-consent-error-${name}`, { fullPage: false });

      await box.check();
      expect(await page.getByText(CONSENT_REQUIRED).count()).toBe(0);
      await pageShot(page, `purchase-consent-ticked-${name}`);
      await confirmPurchase(page, '$19.99');
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/api\/payments\/simulated\/checkout\//);
      await page.getByRole('button', { name: 'Pagar $19.99 USD' }).click();
      await page.getByRole('heading', { level: 1, name: '¡Pago Exitoso!' }).waitFor();

      expect(errors).toEqual([]);
    });
  }
});

describe('a saved tip says so where the editor is looking (item 16)', () => {
  for (const [name, viewport] of WIDTHS) {
    it(`after "Crear tip" the result is on screen and has the focus (${name})`, async () => {
      const title = `${TIP_PREFIX} ${name}: Boca vs. River`;
      s = await openBrowser(viewport);
      await signIn(s.context, DEMO.editor);
      const { page } = s;
      const errors = collectErrors(page);

      await page.goto('/panel/editor');
      await page.getByText(/tips en total/).waitFor();
      await page.getByRole('button', { name: 'Nuevo tip' }).click();
      await fillNewTip(page, {
        title,
        minutesFromNow: 3 * 60,
        analysis: 'Clásico cerrado: menos de 2,5 goles.',
        bet: { pick: 'Menos de 2,5 goles', odds: '1,95', stake: '1' },
      });
      const create = page.getByRole('button', { name: 'Crear tip' });
      await create.scrollIntoViewIfNeeded();
      // The button sits below the first screen: the page is scrolled down when it is pressed.
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await create.click();
      // The first publication names its audience first (decision 0087).
      await confirmPublication(page);

      await page.getByText('Tip creado.').waitFor();
      expect(await focusedInView(page)).toEqual({ text: 'Tip creado.', inView: true, onTop: true });
      await editorRow(page, title).waitFor();
      await screenshot(page, `tip-saved-notice-${name}`, { fullPage: false });

      expect(errors).toEqual([]);
    });
  }
});
