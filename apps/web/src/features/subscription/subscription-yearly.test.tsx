import { PERIOD_TEXT } from '@magotips/contracts/plan-periods';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/api-double';
import { heading1, makePlan, openSignedIn } from '../../../test/payment-fixtures';
import { preloadRoutes } from '../../../test/render-app';

preloadRoutes('/subscription', '/purchase');

/** A plan sold by the month and by the year (decisions 0099, 0101): the yearly price with its
 * computed saving, a period choice, and the year carried to /purchase in the address. */
const PLANS = 'GET /subscriptions/plans';
const basic = makePlan({
  _id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Packs VIP',
  key: 'basic',
  price: 9.99,
});
const premium = makePlan({ name: 'Todos los tips VIP', yearlyPrice: 179.99 });

function open(path = '/subscription') {
  return openSignedIn(path, {
    api: { [PLANS]: () => json({ success: true, data: [basic, premium] }) },
  });
}

const periodGroup = () => screen.queryByRole('group', { name: PERIOD_TEXT.chooseLabel });

describe('SubscriptionPage: monthly or yearly', () => {
  it('shows the yearly price and "Ahorra 25 %" on the card; none on a plan without one', async () => {
    open();
    await screen.findByRole('radio', { name: /Packs VIP/ });
    const card = (name: string) =>
      screen.getByText(name, { selector: '.plan-card__name' }).closest('.plan-card') as HTMLElement;
    expect(card('Todos los tips VIP')).toHaveTextContent('Anual: $179.99 USD / año Ahorra 25 %');
    expect(card('Packs VIP')).not.toHaveTextContent(/Ahorra|Anual/);
    // The first plan is chosen and is sold only monthly: no period to choose.
    expect(periodGroup()).toBeNull();
  });

  it('offers Mensual / Anual for the chosen plan and carries the year to /purchase', async () => {
    const { user, router } = open();
    await user.click(await screen.findByRole('radio', { name: /Todos los tips VIP/ }));
    const group = periodGroup();
    expect(group).not.toBeNull();
    const monthly = within(group!).getByRole('radio', { name: /^Mensual/ });
    const yearly = within(group!).getByRole('radio', { name: /^Anual/ });
    expect(monthly).toBeChecked();
    expect(yearly).toHaveAccessibleName('Anual $179.99 USD / año Ahorra 25 %');

    await user.click(yearly);
    expect(
      screen.getByRole('checkbox', {
        name: 'Pago recurrente: renovar automáticamente cada 12 meses',
      }),
    ).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    await heading1('Suscripción: Todos los tips VIP');
    expect(router.state.location.pathname).toBe('/purchase');
    expect(router.state.location.search).toBe('?periodo=anual');
    const summary = screen.getByRole('region', { name: 'Resumen de la compra' });
    expect(summary).toHaveTextContent('$179.99 USD / año');
    expect(summary).toHaveTextContent('Ahorra 25 %');
    expect(summary).toHaveTextContent('Sí, cada 12 meses');
  });

  it('preselects the plan and the year from the address (?plan=premium&periodo=anual)', async () => {
    const { user, router } = open('/subscription?plan=premium&periodo=anual');
    expect(await screen.findByRole('radio', { name: /Todos los tips VIP/ })).toBeChecked();
    expect(within(periodGroup()!).getByRole('radio', { name: /^Anual/ })).toBeChecked();

    // Another plan, sold only monthly, goes on by the month.
    await user.click(screen.getByRole('radio', { name: /Packs VIP/ }));
    expect(periodGroup()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await heading1('Suscripción: Packs VIP');
    expect(router.state.location.search).toBe('');
  });
});
