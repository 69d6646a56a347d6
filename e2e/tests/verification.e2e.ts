import { afterEach, describe, expect, it } from 'vitest';
import {
  collectErrors,
  DESKTOP,
  openBrowser,
  PHONE,
  screenshot,
  seriousAxeViolations,
  type Session,
} from '../support/browser';
import { DEMO, signIn } from '../support/session';

// The e2e server runs without Stripe keys: the verification reads the simulated provider, whose
// figures come from the server's own payments.

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

describe('financial verification panel', () => {
  it('the admin runs the balance check and finds the record as the latest and in the history', async () => {
    s = await openBrowser(DESKTOP);
    await signIn(s.context, DEMO.admin);
    const page = s.page;
    const errors = collectErrors(page);

    await page.goto('/panel');
    await page
      .getByRole('navigation', { name: 'Panel' })
      .getByRole('link', { name: 'Verificación Stripe' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Verificación Stripe' }).waitFor();
    const history = page.getByRole('region', { name: 'Historial' });
    // Loaded (empty or not) before the run, so the new entry is the one counted below.
    await history
      .locator('.verification-history, p.verification-state:not([role])')
      .first()
      .waitFor();
    const before = await history.getByRole('listitem').count();

    await page.getByRole('button', { name: 'Verificar balance' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Verificación guardada: / })
      .waitFor();

    const latest = page.getByRole('region', { name: 'Última verificación' });
    const record = latest.getByRole('article', { name: 'Verificación de balance' });
    await record.waitFor();
    for (const label of [
      'ID de verificación',
      'Ingresos netos',
      'Comisiones totales',
      'Importe bruto total',
      'Movimientos',
      // Gifts apart (issue 16): in the summary and in their own block.
      'Regalos vendidos',
      'Regalos canjeados',
      'Canjeados: comprados por clientes',
    ]) {
      expect(await record.getByText(label, { exact: true }).count(), label).toBeGreaterThan(0);
    }
    expect(await record.textContent()).toContain('Merlín Administrador');
    expect(await record.textContent()).toContain('Simulado (sin clave de Stripe)');
    expect(await record.textContent()).toMatch(/\$[\d,]+\.\d{2} USD/);

    const entries = history.getByRole('listitem');
    await page.waitForFunction(
      (count) => document.querySelectorAll('.verification-history__item').length > count,
      before,
    );
    const first = entries.first();
    expect(await first.locator('summary').textContent()).toMatch(
      /^Verificación de balance(Éxito|Éxito parcial).*Merlín Administrador$/,
    );
    await first.locator('summary').click();
    await first.getByText('Comparación con nuestras transacciones').waitFor();

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'stripe-verification-desktop');

    // The period check refuses to run without both dates.
    await page.getByRole('button', { name: 'Verificar periodo' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Selecciona fechas de inicio y fin' })
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('reads on a phone, and a non-admin is turned away', async () => {
    s = await openBrowser(PHONE);
    await signIn(s.context, DEMO.admin);
    await s.page.goto('/panel/stripe-verification');
    await s.page
      .getByRole('region', { name: 'Última verificación' })
      .getByRole('article')
      .waitFor();
    const firstEntry = s.page
      .getByRole('region', { name: 'Historial' })
      .getByRole('listitem')
      .first();
    await firstEntry.locator('summary').click();
    await firstEntry.getByText('Comparación con nuestras transacciones').waitFor();
    const width = await s.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    // The comparison table fits a phone without sideways scrolling.
    const tables = await s.page.$$eval('.verification-table-wrap', (els) =>
      els.map((el) => el.scrollWidth <= el.clientWidth),
    );
    expect(tables.length).toBeGreaterThan(0);
    expect(tables.every(Boolean)).toBe(true);
    expect(await seriousAxeViolations(s.page)).toEqual([]);
    await screenshot(s.page, 'stripe-verification-phone');
    await s.close();

    s = await openBrowser(PHONE);
    await signIn(s.context, DEMO.editor);
    await s.page.goto('/panel/stripe-verification');
    await s.page.getByRole('heading', { name: 'Acceso Denegado' }).waitFor();
    await s.page
      .getByText(
        'No tienes permisos para acceder a esta sección. Se requiere rol de administrador.',
      )
      .waitFor();
    await screenshot(s.page, 'stripe-verification-denied-phone');
  });
});
