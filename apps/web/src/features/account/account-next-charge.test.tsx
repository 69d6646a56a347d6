import type { TUser } from '@magotips/contracts/users';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authAnswer, json, makeUser, stubApi } from '../../../test/api-double';
import { preloadRoutes, renderApp } from '../../../test/render-app';
import { dismissNotices, storeSession } from '../../../test/utils';
import { formatDateTime } from './format';

preloadRoutes('/panel/cuenta');

/** Issue 29 item 12 (decision 0086): a gift lengthened a Stripe subscription; until Stripe has
 * moved its billing date, the card tells the charge date apart from the end of the access. */
const DAY = 86_400_000;

function stripeSubscriber(endInDays: number, nextChargeInDays: number | null): TUser {
  const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
  return makeUser({
    subscription: {
      hasActiveSubscription: true,
      plan: 'premium',
      endDate: at(endInDays),
      isRecurring: true,
      daysRemaining: Math.ceil(endInDays),
      planKey: 'premium',
      planName: 'Plan Premium',
      durationMonths: 1,
      source: 'subscription',
      nextChargeDate: nextChargeInDays === null ? null : at(nextChargeInDays),
    },
  });
}

async function subscriptionCard(user: TUser) {
  dismissNotices();
  storeSession(user, 'session-token');
  stubApi({
    'POST /auth/me_verify': () => authAnswer(user, 'session-token'),
    'GET /packs/mis-packs': () => json({ success: true, data: [] }),
  });
  renderApp('/panel/cuenta');
  await screen.findByRole('heading', { level: 1, name: 'Mi Cuenta' });
  return screen.getByRole('region', { name: 'Suscripción' });
}

/** The date as the card writes it, in the account's zone (makeUser: Madrid), named. */
const spanish = (iso: string | null | undefined) => formatDateTime(iso, 'Europe/Madrid') ?? '';

describe('AccountPage: the next charge of a subscription a gift lengthened', () => {
  it("shows 'Próximo cobro' apart from the end while Stripe still charges earlier", async () => {
    const user = stripeSubscriber(40.5, 10.5);
    const card = await subscriptionCard(user);
    const charge = spanish(user.subscription.nextChargeDate);
    const end = spanish(user.subscription.endDate);
    expect(charge).not.toBe(end);

    const term = within(card).getByText('Próximo cobro');
    expect(term.nextElementSibling).toHaveTextContent(charge);
    expect(within(card).getByText('Válida hasta').nextElementSibling).toHaveTextContent(end);
    expect(card).toHaveTextContent(
      `Tu suscripción se renovará automáticamente: el próximo cobro será el ${charge}. Puedes cancelar la renovación cuando quieras y conservarás el acceso hasta el ${end}.`,
    );
  });

  it('says nothing more once Stripe charges at the end', async () => {
    const user = stripeSubscriber(40.5, 40.5);
    const card = await subscriptionCard(user);

    expect(within(card).queryByText('Próximo cobro')).not.toBeInTheDocument();
    expect(card).toHaveTextContent(
      `Tu suscripción se renovará automáticamente el ${spanish(user.subscription.endDate)}.`,
    );
  });
});
