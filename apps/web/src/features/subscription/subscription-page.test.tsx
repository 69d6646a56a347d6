import { MSG } from '@magotips/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dismissNotices } from '../../../test/utils';
import { preloadRoutes, renderApp } from '../../../test/render-app';
import { apiError, json, makeUser, stubApi } from '../../../test/api-double';
import { heading1, makePlan, openSignedIn } from '../../../test/payment-fixtures';

preloadRoutes('/subscription', '/purchase');

const PLANS = 'GET /subscriptions/plans';
const basic = makePlan({
  _id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Plan Básico',
  key: 'basic',
  price: 9.99,
  features: ['Todos los tips VIP de la semana'],
});
const premium = makePlan({ duration: 3 });

function openSubscription(plans: () => Response = () => json({ success: true, data: [basic, premium] }), user = makeUser()) {
  return openSignedIn('/subscription', { api: { [PLANS]: plans }, user });
}

describe('SubscriptionPage', () => {
  it('lists the plans with price per month, duration and benefits, the first one chosen', async () => {
    openSubscription();
    await heading1('Elige tu plan');
    const first = await screen.findByRole('radio', { name: /Plan Básico/ });

    expect(first).toBeChecked();
    expect(screen.getByRole('radio', { name: /Plan Premium/ })).not.toBeChecked();
    const card = (name: string) =>
      screen.getByText(name, { selector: '.plan-card__name' }).closest('.plan-card') as HTMLElement;
    expect(card('Plan Básico')).toHaveTextContent('$9.99 USD / mes');
    const premiumCard = card('Plan Premium');
    expect(premiumCard).toHaveTextContent('$19.99 USD / 3 meses');
    expect(premiumCard).toHaveTextContent('Duración: 3 meses');
    expect(within(premiumCard).getByText('Soporte personalizado por WhatsApp')).toBeVisible();
    expect(first).toHaveAccessibleDescription(/Duración: 1 mes/);
    // The comparison drawn from what each plan grants (decision 0097), below the cards.
    expect(screen.getByRole('table', { name: 'Qué incluye cada plan' })).toBeVisible();
  });

  it('has recurring payment on by default, the card provider chosen and a Cancel link to /', async () => {
    openSubscription();
    await screen.findByRole('radio', { name: /Plan Básico/ });

    expect(screen.getByRole('checkbox', { name: /Pago recurrente/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Stripe/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /PayPal/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('radio', { name: /Mercado Pago/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/');
  });

  it("says how often the chosen plan renews: 'cada mes', 'cada 3 meses' (issue 12 item 14)", async () => {
    openSubscription();
    const first = await screen.findByRole('radio', { name: /Plan Básico/ });
    expect(first).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Pago recurrente: renovar automáticamente cada mes' })).toBeVisible();

    screen.getByRole('radio', { name: /Plan Premium/ }).click();
    await waitFor(() =>
      expect(
        screen.getByRole('checkbox', { name: 'Pago recurrente: renovar automáticamente cada 3 meses' }),
      ).toBeVisible(),
    );
  });

  it('explains the disabled providers when chosen', async () => {
    const { user } = openSubscription();
    await screen.findByRole('radio', { name: /Plan Básico/ });

    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'PayPal estará disponible próximamente. Por favor, usa Stripe por ahora.',
    );
    await user.click(screen.getByRole('radio', { name: /Mercado Pago/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Mercado Pago estará disponible próximamente. Por favor, usa Stripe por ahora.',
    );
    expect(screen.getByRole('radio', { name: /Stripe/ })).toBeChecked();
  });

  it('continues to /purchase with the chosen plan and the recurring choice', async () => {
    const { user, router } = openSubscription();
    await user.click(await screen.findByRole('radio', { name: /Plan Premium/ }));
    await user.click(screen.getByRole('checkbox', { name: /Pago recurrente/ }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    await heading1('Suscripción: Plan Premium');
    expect(router.state.location.pathname).toBe('/purchase');
    expect(router.state.location.state).toEqual({
      item: premium,
      type: 'subscription',
      recurring: false,
      paymentMethod: 'stripe',
    });
    expect(screen.getByRole('region', { name: 'Resumen de la compra' })).toHaveTextContent('Plan Premium');
  });

  it("says 'No hay planes disponibles', and 'Por favor selecciona un plan' on continuing", async () => {
    const { user, router } = openSubscription(() => json({ success: true, data: [] }));
    expect(await screen.findByText('No hay planes disponibles')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.planRequired);
    expect(router.state.location.pathname).toBe('/subscription');
  });

  it("says 'Error cargando planes disponibles' and retries", async () => {
    let fail = true;
    const { user } = openSubscription(() =>
      fail ? apiError(500, 'x', 'INTERNAL_ERROR') : json({ success: true, data: [basic] }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Error cargando planes disponibles');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('radio', { name: /Plan Básico/ })).toBeChecked();
  });

  it('tells a subscriber that a subscription is already active', async () => {
    openSubscription(undefined, makeUser({
      subscription: { hasActiveSubscription: true, plan: 'premium', endDate: '2030-01-01T00:00:00.000Z', isRecurring: true },
    }));
    await screen.findByRole('radio', { name: /Plan Básico/ });
    await waitFor(() =>
      expect(screen.getByText(/Ya tienes una suscripción activa/)).toHaveTextContent('Plan Premium'),
    );
  });

  // Issue 13 item 13: one sentence, before any choice, with the way to the panel.
  it('tells an active subscriber in one sentence, before the plans, with a link to the panel', async () => {
    openSubscription(undefined, makeUser({
      subscription: { hasActiveSubscription: true, plan: 'premium', endDate: '2030-01-15T12:00:00.000Z', isRecurring: true },
    }));
    const plans = await screen.findByRole('region', { name: 'Planes' });
    const sentence = await screen.findByText(
      (_, element) =>
        element?.tagName === 'P' &&
        element.textContent ===
          'Ya tienes una suscripción activa (Plan Premium) hasta el 15 de enero de 2030: puedes revisarla en tu panel.',
    );
    const notice = sentence.parentElement as HTMLElement;
    expect(notice).toHaveAttribute('role', 'status');
    // The box holds the sentence whole: no bare text or link of its own to be laid out apart.
    expect([...notice.childNodes]).toEqual([sentence]);
    expect(within(sentence).getByRole('link', { name: 'tu panel' })).toHaveAttribute('href', '/panel/cuenta');
    expect(notice.compareDocumentPosition(plans) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('sends a visitor to /login', async () => {
    dismissNotices();
    stubApi();
    const { router } = renderApp('/subscription');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
