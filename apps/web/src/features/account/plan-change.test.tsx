import { PERIOD_TEXT, PLAN_CHANGE_TEXT } from '@magotips/contracts/plan-periods';
import { type TPlanChangeQuote } from '@magotips/contracts/plan-change';
import type { TUser, TUserSubscription } from '@magotips/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  authAnswer,
  json,
  makeUser,
  stubApi,
  type ApiHandler,
} from '../../../test/api-double';
import { makePlan } from '../../../test/payment-fixtures';
import { preloadRoutes, renderApp } from '../../../test/render-app';
import { dismissNotices, storeSession } from '../../../test/utils';
import { formatDateTime } from './format';

preloadRoutes('/panel/cuenta');

/** Issue 30 item 3 (decisions 0100, 0101): the next charge's amount, and moving to another plan
 * or period with the amounts shown before confirming. */
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
/** The date as the card writes it, in the account's zone (makeUser: Madrid), named. */
const spanish = (iso: string) => formatDateTime(iso, 'Europe/Madrid') ?? '';

const END = at(20.5);
const basic = makePlan({
  _id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  key: 'basic',
  name: 'Packs VIP',
  price: 9.99,
  grantsAllVipTips: false,
});
const premium = makePlan({ name: 'Todos los tips VIP', yearlyPrice: 179.99 });

function subscriber(patch: Partial<TUserSubscription> = {}): TUser {
  return makeUser({
    subscription: {
      hasActiveSubscription: true,
      plan: 'premium',
      endDate: END,
      isRecurring: true,
      daysRemaining: 21,
      planKey: 'premium',
      planName: 'Todos los tips VIP',
      durationMonths: 1,
      source: 'subscription',
      nextChargeDate: END,
      nextChargeAmount: 19.99,
      trialEndsAt: null,
      ...patch,
    },
  });
}

const quote = (patch: Partial<TPlanChangeQuote> = {}): TPlanChangeQuote => ({
  changeId: '3f2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
  fromPlanName: 'Todos los tips VIP',
  toPlanName: 'Packs VIP',
  toDurationMonths: 1,
  periodAmount: 9.99,
  prorationAmount: -6.67,
  chargedNow: false,
  amountDueNow: 0,
  nextChargeDate: END,
  nextChargeAmount: 3.32,
  expiresAt: at(0.01),
  ...patch,
});

const PREVIEW = 'POST /subscriptions/change/preview';
const CHANGE = 'POST /subscriptions/change';

async function openAccount(user: TUser, extra: Record<string, ApiHandler> = {}) {
  dismissNotices();
  storeSession(user, 'session-token');
  const api = stubApi({
    'POST /auth/me_verify': () => authAnswer(user, 'session-token'),
    'GET /packs/mis-packs': () => json({ success: true, data: [] }),
    'GET /subscriptions/plans': () => json({ success: true, data: [basic, premium] }),
    ...extra,
  });
  renderApp('/panel/cuenta');
  await screen.findByRole('heading', { level: 1, name: 'Mi Cuenta' });
  return { api, ui: userEvent.setup(), card: screen.getByRole('region', { name: 'Suscripción' }) };
}

const openButton = () => screen.queryByRole('button', { name: PLAN_CHANGE_TEXT.open });
const dialog = () => screen.getByRole('dialog', { name: PLAN_CHANGE_TEXT.title });
const option = (name: RegExp) => within(dialog()).getByRole('radio', { name });

describe('AccountPage: the next charge and who may change plan', () => {
  it("shows 'Próximo cobro: $19.99 USD el …' on the end date, and 'Cambiar de plan'", async () => {
    const { card } = await openAccount(subscriber());
    expect(within(card).getByText('Próximo cobro').nextElementSibling).toHaveTextContent(
      `$19.99 USD el ${spanish(END)}`,
    );
    expect(openButton()).toBeVisible();
  });

  it.each<[string, Partial<TUserSubscription>]>([
    ['during a trial', { trialEndsAt: END, trialThenAmount: 19.99 }],
    ['while a payment is pending', { paymentPending: true }],
    ['without automatic renewal', { isRecurring: false, nextChargeDate: null }],
  ])('offers no change %s', async (_case, patch) => {
    await openAccount(subscriber(patch));
    expect(openButton()).toBeNull();
  });

  it('leaves the amount to the trial line during a free trial', async () => {
    const { card } = await openAccount(subscriber({ trialEndsAt: END, trialThenAmount: 19.99 }));
    expect(card).toHaveTextContent('se cobrarán $19.99 USD si no cancelas antes.');
    expect(within(card).queryByText('Próximo cobro')).toBeNull();
  });
});

describe('AccountPage: changing plan', () => {
  it('lists plans × periods, the current one marked and not selectable; Escape closes', async () => {
    const { ui } = await openAccount(subscriber());
    await ui.click(openButton()!);
    expect(
      await within(dialog()).findByRole('group', { name: PLAN_CHANGE_TEXT.choose }),
    ).toBeVisible();
    const current = option(/Todos los tips VIP Mensual/);
    expect(current).toBeDisabled();
    expect(current.closest('label')).toHaveTextContent(PLAN_CHANGE_TEXT.current);
    expect(option(/Todos los tips VIP Anual/)).toHaveAccessibleName(
      `Todos los tips VIP Anual $179.99 USD ${PERIOD_TEXT.perYear} Ahorra 25 %`,
    );
    expect(option(/Packs VIP/)).toBeEnabled();

    await ui.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(openButton()).toHaveFocus();
  });

  it('previews, then confirms: the amounts, the success status and the new plan on the card', async () => {
    const changed = subscriber({ planKey: 'basic', planName: 'Packs VIP', nextChargeAmount: 3.32 });
    let release: () => void = () => {};
    const { ui, api, card } = await openAccount(subscriber(), {
      [PREVIEW]: () => json({ success: true, data: quote() }),
      [CHANGE]: () =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(
              json({ success: true, message: PLAN_CHANGE_TEXT.done('Packs VIP'), user: changed }),
            );
        }),
    });
    await ui.click(openButton()!);
    await ui.click(await within(dialog()).findByRole('radio', { name: /Packs VIP/ }));
    await ui.click(within(dialog()).getByRole('button', { name: PLAN_CHANGE_TEXT.preview }));

    expect(api.callsTo(PREVIEW)[0]?.body).toEqual({ plan: 'basic', yearly: false });
    const amounts = await within(dialog()).findByText(PLAN_CHANGE_TEXT.proration);
    expect(amounts.nextElementSibling).toHaveTextContent('−$6.67 USD');
    const box = dialog();
    expect(box).toHaveTextContent(PLAN_CHANGE_TEXT.creditNow(6.67));
    expect(box).toHaveTextContent(PLAN_CHANGE_TEXT.nextCharge(3.32, spanish(END)));
    expect(box).not.toHaveTextContent('El periodo nuevo empieza hoy');

    await ui.click(within(box).getByRole('button', { name: PLAN_CHANGE_TEXT.confirm }));
    expect(api.callsTo(CHANGE)[0]?.body).toEqual({ changeId: quote().changeId });
    expect(within(box).getByRole('button', { name: PLAN_CHANGE_TEXT.confirming })).toBeDisabled();
    // Escape waits for the change in flight.
    await ui.keyboard('{Escape}');
    expect(dialog()).toBeVisible();
    release();
    const done = await within(card).findByRole('status');
    expect(done).toHaveTextContent('Listo: ahora tienes el plan «Packs VIP».');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(card).getByText('Plan').nextElementSibling).toHaveTextContent('Packs VIP');
    expect(within(card).getByText('Próximo cobro').nextElementSibling).toHaveTextContent(
      '$3.32 USD',
    );
  });

  it('for the year: what is charged today and the new period, with the loading texts', async () => {
    let answer: (response: Response) => void = () => {};
    const { ui, api } = await openAccount(subscriber(), {
      [PREVIEW]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await ui.click(openButton()!);
    await ui.click(
      await within(dialog()).findByRole('radio', { name: /Todos los tips VIP Anual/ }),
    );
    await ui.click(within(dialog()).getByRole('button', { name: PLAN_CHANGE_TEXT.preview }));
    expect(
      within(dialog()).getByRole('button', { name: PLAN_CHANGE_TEXT.previewing }),
    ).toBeDisabled();
    expect(api.callsTo(PREVIEW)[0]?.body).toEqual({ plan: 'premium', yearly: true });

    const renews = at(365);
    answer(
      json({
        success: true,
        data: quote({
          toPlanName: 'Todos los tips VIP',
          toDurationMonths: 12,
          periodAmount: 179.99,
          prorationAmount: -13.32,
          chargedNow: true,
          amountDueNow: 166.67,
          nextChargeDate: renews,
          nextChargeAmount: 179.99,
        }),
      }),
    );
    const box = dialog();
    expect(await within(box).findByText(PLAN_CHANGE_TEXT.chargedNow(166.67))).toBeVisible();
    expect(box).toHaveTextContent(PLAN_CHANGE_TEXT.nextCharge(179.99, spanish(renews)));
    expect(box).toHaveTextContent(PLAN_CHANGE_TEXT.newPeriod(spanish(renews)));
    expect(within(box).getByRole('button', { name: PLAN_CHANGE_TEXT.confirm })).toBeEnabled();
  });

  it('after a 409 the quote has expired: its message, and the amounts asked for again', async () => {
    let previews = 0;
    const { ui, api } = await openAccount(subscriber(), {
      [PREVIEW]: () => {
        previews += 1;
        return json({ success: true, data: quote() });
      },
      [CHANGE]: () => apiError(409, PLAN_CHANGE_TEXT.expired, 'CONFLICT'),
    });
    await ui.click(openButton()!);
    await ui.click(await within(dialog()).findByRole('radio', { name: /Packs VIP/ }));
    await ui.click(within(dialog()).getByRole('button', { name: PLAN_CHANGE_TEXT.preview }));
    await ui.click(await within(dialog()).findByRole('button', { name: PLAN_CHANGE_TEXT.confirm }));

    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent(PLAN_CHANGE_TEXT.expired);
    expect(alert).toHaveFocus();
    expect(within(dialog()).queryByText(PLAN_CHANGE_TEXT.proration)).toBeNull();
    await ui.click(within(dialog()).getByRole('button', { name: PLAN_CHANGE_TEXT.preview }));
    expect(await within(dialog()).findByText(PLAN_CHANGE_TEXT.proration)).toBeVisible();
    expect(previews).toBe(2);
    expect(api.callsTo(CHANGE)).toHaveLength(1);
  });

  it("says the server's reason for refusing a preview, and 'failed' on a provider error; retries", async () => {
    let status = 400;
    const { ui } = await openAccount(subscriber(), {
      [PREVIEW]: () =>
        status === 400
          ? apiError(400, PLAN_CHANGE_TEXT.giftPending, 'BAD_REQUEST')
          : status === 502
            ? new Response('', { status: 502 })
            : json({ success: true, data: quote() }),
    });
    await ui.click(openButton()!);
    await ui.click(await within(dialog()).findByRole('radio', { name: /Packs VIP/ }));
    const ask = () => within(dialog()).getByRole('button', { name: PLAN_CHANGE_TEXT.preview });

    await ui.click(ask());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      PLAN_CHANGE_TEXT.giftPending,
    );
    status = 502;
    await ui.click(ask());
    await waitFor(() =>
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(PLAN_CHANGE_TEXT.failed),
    );
    status = 200;
    await ui.click(ask());
    expect(await within(dialog()).findByText(PLAN_CHANGE_TEXT.proration)).toBeVisible();
    expect(within(dialog()).queryByRole('alert')).toBeNull();
  });

  it('asks to choose a plan first, and says when the plans cannot be loaded', async () => {
    const { ui, api } = await openAccount(subscriber(), {
      'GET /subscriptions/plans': () => apiError(500, 'x', 'INTERNAL_ERROR'),
    });
    await ui.click(openButton()!);
    expect(await within(dialog()).findByText('Error cargando planes disponibles')).toBeVisible();
    expect(within(dialog()).getByRole('button', { name: PLAN_CHANGE_TEXT.preview })).toBeDisabled();
    api.on('GET /subscriptions/plans', () => json({ success: true, data: [basic, premium] }));
    await ui.click(within(dialog()).getByRole('button', { name: 'Reintentar' }));
    await within(dialog()).findByRole('radio', { name: /Packs VIP/ });
    await ui.click(within(dialog()).getByRole('button', { name: PLAN_CHANGE_TEXT.preview }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(PLAN_CHANGE_TEXT.choose);
    expect(api.callsTo(PREVIEW)).toHaveLength(0);
  });
});
