import { afterEach, describe, expect, it } from 'vitest';
import { api, freshAccount, tokenOf } from '../support/api';
import { DESKTOP, openBrowser, PHONE, type Session, screenshot } from '../support/browser';
import { confirmPurchase } from '../support/checkout';
import { DEMO, signIn } from '../support/session';

// Issue 12 items 13 and 14: a plan with a key of its own and a three-month period, created in the
// editor, bought on the simulated checkout; the account names the plan (not "Plan Gratuito") and
// says it renews "cada 3 meses"; prices read "/ 3 meses" everywhere.

const PASSWORD = 'clave-segura-1';
const sessions: Session[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
});

async function open(viewport: typeof DESKTOP): Promise<Session> {
  const s = await openBrowser(viewport);
  sessions.push(s);
  return s;
}

describe('plans of several months with a key of their own', () => {
  it('an admin creates a 3-month plan; a buyer pays it and the account shows its name and period', async () => {
    const stamp = Date.now();
    const name = `Plan Trimestral ${stamp}`;
    const key = `trimestral-${stamp}`;
    const admin = await tokenOf(DEMO.admin);
    let planId: string | undefined;
    try {
      // The admin (editor and admin) creates it in the editor.
      const a = await open(DESKTOP);
      await signIn(a.context, DEMO.admin);
      await a.page.goto('/panel/editor?tab=suscripciones');
      await a.page.getByRole('button', { name: 'Nuevo plan' }).click();
      await a.page.getByLabel('Nombre', { exact: true }).fill(name);
      await a.page.getByLabel('Clave').fill(key);
      await a.page.getByLabel('Precio mensual (USD)').fill('45');
      await a.page.getByLabel('Duración (meses)').fill('3');
      await a.page.getByRole('button', { name: 'Crear plan' }).click();
      await a.page.getByRole('heading', { name }).waitFor();
      const plans = await api('/subscriptions/admin/planes', { token: admin });
      planId = (plans.body.data as { _id: string; key: string }[]).find((p) => p.key === key)?._id;
      expect(planId).toBeDefined();

      // A buyer on a phone chooses it: the price is per period and the renewal says how often.
      const { email } = await freshAccount('plan-3m', { firstName: 'Tere', lastName: 'Trimestre' }, PASSWORD);
      const b = await open(PHONE);
      await signIn(b.context, email, PASSWORD);
      await b.page.goto('/subscription');
      const radio = b.page.getByRole('radio', { name: new RegExp(name) });
      await radio.check();
      const card = b.page.locator('.plan-card').filter({ hasText: name });
      expect(await card.textContent()).toContain('$45.00 USD / 3 meses');
      await b.page.getByRole('checkbox', { name: 'Pago recurrente: renovar automáticamente cada 3 meses' }).waitFor();
      await screenshot(b.page, 'subscription-3-month-plan-phone');
      await b.page.getByRole('button', { name: 'Continuar' }).click();
      const summary = b.page.getByRole('region', { name: 'Resumen de la compra' });
      await summary.waitFor();
      expect(await summary.textContent()).toMatch(/\$45\.00 USD \/ 3 meses/);
      expect(await summary.textContent()).toMatch(/Sí, cada 3 meses/);
      await confirmPurchase(b.page, '$45.00');
      await b.page.getByRole('heading', { name: 'Pago en modo de prueba' }).waitFor();
      await b.page.getByRole('button', { name: 'Pagar $45.00 USD' }).click();
      await b.page.getByRole('heading', { level: 1, name: '¡Pago Exitoso!' }).waitFor();

      // The account names the plan bought and its period.
      await b.page.goto('/panel/cuenta');
      const subscription = b.page.getByRole('region', { name: 'Suscripción' });
      await subscription.getByText(name).waitFor();
      const text = (await subscription.textContent()) ?? '';
      expect(text).not.toContain('Plan Gratuito');
      expect(text).toContain('Sí, cada 3 meses');
      await subscription.scrollIntoViewIfNeeded();
      await screenshot(b.page, 'account-3-month-plan-phone');
      const me = await api('/auth/me_verify', { method: 'POST', token: await tokenOf(email, PASSWORD) });
      expect(me.body.user).toMatchObject({ subscription: { hasActiveSubscription: true, planKey: key, planName: name, durationMonths: 3 } });
    } finally {
      // Out of the catalogue again, so the other journeys find the demo plans as they were.
      if (planId) await api(`/subscriptions/admin/planes/${planId}`, { method: 'PUT', token: admin, body: { isActive: false } });
    }
  });
});
