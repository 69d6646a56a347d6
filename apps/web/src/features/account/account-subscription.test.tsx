import { GIFT_MSG } from '@magotips/contracts/gift-codes';
import { PAYMENT_MESSAGES } from '@magotips/contracts/payments';
import type { TUser, TUserSubscription } from '@magotips/contracts/users';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dismissNotices, storeSession } from '../../../test/utils';
import { preloadRoutes, renderApp } from '../../../test/render-app';
import {
  apiError,
  authAnswer,
  json,
  makeUser,
  stubApi,
  type ApiHandler,
} from '../../../test/api-double';

preloadRoutes('/panel/cuenta');

const DAY = 86_400_000;

function subscriber(
  days: number | null | undefined,
  isRecurring: boolean,
  patch: Partial<TUserSubscription> = {},
): TUser {
  const endInDays = days === null || days === undefined || days < 0 ? 0.5 : days - 0.5;
  return makeUser({
    subscription: {
      hasActiveSubscription: days !== -1,
      plan: days === -1 ? 'free' : 'premium',
      endDate: new Date(Date.now() + (days === -1 ? -DAY / 2 : endInDays * DAY)).toISOString(),
      isRecurring,
      ...(days === undefined ? {} : { daysRemaining: days }),
      ...patch,
    },
  });
}

const noPacks: Record<string, ApiHandler> = {
  'GET /packs/mis-packs': () => json({ success: true, data: [] }),
};

async function openAccount(user: TUser, extra: Record<string, ApiHandler> = {}) {
  dismissNotices();
  storeSession(user, 'session-token');
  const api = stubApi({
    'POST /auth/me_verify': () => authAnswer(user, 'session-token'),
    ...noPacks,
    ...extra,
  });
  renderApp('/panel/cuenta');
  await screen.findByRole('heading', { level: 1, name: 'Mi Cuenta' });
  return {
    api,
    user: userEvent.setup(),
    card: screen.getByRole('region', { name: 'Suscripción' }),
  };
}

const fact = (card: HTMLElement, label: string) =>
  within(card).getByText(label).nextElementSibling as HTMLElement;

describe('AccountPage: subscription information', () => {
  it('names the plan bought (any key) and renews every N months (issue 12 items 13, 14)', async () => {
    const { card } = await openAccount(
      subscriber(80, true, {
        planKey: 'trimestral',
        planName: 'Plan Trimestral',
        durationMonths: 3,
      }),
    );
    expect(fact(card, 'Plan')).toHaveTextContent('Plan Trimestral');
    expect(fact(card, 'Renovación automática')).toHaveTextContent('Sí, cada 3 meses');
  });

  it('shows the days remaining the server sends, and the renewal notice when it renews', async () => {
    const { card } = await openAccount(subscriber(27, true));

    expect(fact(card, 'Días restantes')).toHaveTextContent('27 días');
    expect(fact(card, 'Días restantes')).not.toHaveClass('account-facts__warning');
    expect(card).toHaveTextContent(
      /Tu suscripción se renovará automáticamente el \d+ de \w+ de \d{4}/,
    );
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Cancelar renovación automática' }),
    ).toBeVisible();
  });

  it('counts the days from the end date when the stored user has no daysRemaining', async () => {
    const { card } = await openAccount(
      subscriber(undefined, true, { endDate: new Date(Date.now() + 9.5 * DAY).toISOString() }),
    );

    expect(fact(card, 'Días restantes')).toHaveTextContent('10 días');
  });

  it("-1: 'Procesando renovación...' with an alert that it renews automatically, and no upgrade button", async () => {
    const { card } = await openAccount(subscriber(-1, true));

    expect(fact(card, 'Días restantes')).toHaveTextContent('Procesando renovación...');
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'Tu suscripción se está renovando automáticamente.',
    );
    expect(within(card).getByText('Renovando')).toBeVisible();
    expect(within(card).queryByRole('link', { name: 'Actualizar Plan' })).not.toBeInTheDocument();
  });

  it('7 days or fewer with renewal: warning style, renewal notice, no expiry warning', async () => {
    const { card } = await openAccount(subscriber(7, true));

    expect(fact(card, 'Días restantes')).toHaveTextContent('7 días');
    expect(fact(card, 'Días restantes')).toHaveClass('account-facts__warning');
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Tu suscripción se renovará automáticamente');
  });

  it('5 days without renewal: warning style and the expiry warning', async () => {
    const { card } = await openAccount(subscriber(5, false));

    expect(fact(card, 'Días restantes')).toHaveClass('account-facts__warning');
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'Tu suscripción vence en 5 días y no se renovará automáticamente.',
    );
    expect(card).not.toHaveTextContent('Tu suscripción se renovará automáticamente');
    expect(
      within(card).getByRole('button', { name: 'Reactivar renovación automática' }),
    ).toBeVisible();
  });

  it('a gift or a one-off payment: no renewal button, what to do instead, and a link to the plans', async () => {
    for (const [source, text] of [
      ['gift', GIFT_MSG.resumeGift],
      ['one_off', PAYMENT_MESSAGES.resumeOneOff],
    ] as const) {
      const { card } = await openAccount(subscriber(5, false, { source }));
      expect(within(card).getByRole('alert')).toHaveTextContent(
        'Contrata un plan para mantener el acceso.',
      );
      expect(card).toHaveTextContent(text);
      expect(
        within(card).queryByRole('button', { name: 'Reactivar renovación automática' }),
      ).not.toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'Ver planes' })).toHaveAttribute(
        'href',
        '/subscription',
      );
      cleanup();
    }
  });

  it('a renewing subscription of a provider still offers to renew once cancelled', async () => {
    const { card } = await openAccount(subscriber(20, false, { source: 'subscription' }));
    expect(
      within(card).getByRole('button', { name: 'Reactivar renovación automática' }),
    ).toBeVisible();
  });

  it('a paused reader is not offered to renew: the pause cancelled it and refuses resuming', async () => {
    const paused = {
      ...subscriber(20, false, { source: 'subscription' }),
      paused: true,
      pausedAt: new Date().toISOString(),
      pausedUntil: new Date(Date.now() + 30 * DAY).toISOString(),
    };
    const { card } = await openAccount(paused);
    expect(
      within(card).queryByRole('button', { name: 'Reactivar renovación automática' }),
    ).not.toBeInTheDocument();
  });

  it('8 days without renewal: neither warning', async () => {
    const { card } = await openAccount(subscriber(8, false));

    expect(fact(card, 'Días restantes')).not.toHaveClass('account-facts__warning');
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('AccountPage: automatic renewal', () => {
  it('asks before cancelling; keeping it calls nothing; confirming cancels and stores the new user', async () => {
    const after = subscriber(27, false);
    const { api, user, card } = await openAccount(subscriber(27, true), {
      'POST /subscriptions/cancel': () =>
        json({
          success: true,
          message:
            'Renovación automática cancelada. Conservas el acceso hasta el final del periodo pagado.',
          user: after,
        }),
    });

    await user.click(within(card).getByRole('button', { name: 'Cancelar renovación automática' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: '¿Cancelar la renovación automática?',
    });
    expect(within(dialog).getByRole('button', { name: 'Mantener renovación' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Mantener renovación' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /subscriptions/cancel')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Cancelar renovación automática' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, cancelar renovación' }));

    const fresh = screen.getByRole('region', { name: 'Suscripción' });
    expect(await within(fresh).findByText(/Renovación automática cancelada/)).toBeVisible();
    expect(api.callsTo('POST /subscriptions/cancel')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fact(fresh, 'Renovación automática')).toHaveTextContent('No');
    expect(
      within(fresh).getByRole('button', { name: 'Reactivar renovación automática' }),
    ).toBeVisible();
    const stored = JSON.parse(window.localStorage.getItem('user') ?? '{}') as TUser;
    expect(stored.subscription.isRecurring).toBe(false);
    expect(window.localStorage.getItem('token')).toBe('session-token');
  });

  it('resumes without asking', async () => {
    const { api, user, card } = await openAccount(subscriber(20, false), {
      'POST /subscriptions/resume': () =>
        json({
          success: true,
          message: 'Renovación automática reactivada.',
          user: subscriber(20, true),
        }),
    });

    await user.click(within(card).getByRole('button', { name: 'Reactivar renovación automática' }));

    expect(await within(card).findByText('Renovación automática reactivada.')).toBeVisible();
    expect(api.callsTo('POST /subscriptions/resume')).toHaveLength(1);
    await waitFor(() =>
      expect(fact(card, 'Renovación automática')).toHaveTextContent('Sí, cada mes'),
    );
  });

  it("shows the server's refusal", async () => {
    const { user, card } = await openAccount(subscriber(20, false), {
      'POST /subscriptions/resume': () =>
        apiError(
          400,
          'Tu plan actual es de pago único y no tiene renovación automática.',
          'ONE_OFF_SUBSCRIPTION',
        ),
    });

    await user.click(within(card).getByRole('button', { name: 'Reactivar renovación automática' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Tu plan actual es de pago único y no tiene renovación automática.',
    );
  });
});

describe('AccountPage: purchased packs', () => {
  const entry = (id: string, nombre: string, tips: number) => ({
    pack: { _id: id, nombre, descripcion: `Descripción de ${nombre}`, precio: 19.99 },
    tipsDisponibles: tips,
    fechaCompra: '2026-06-10T12:00:00.000Z',
    tips: [] as { _id: string; title: string }[],
  });

  it('lists each pack with the date bought in Spanish, its tips and where to read them', async () => {
    await openAccount(makeUser(), {
      'GET /packs/mis-packs': () =>
        json({
          success: true,
          data: [
            entry('a1b2c3d4-0000-4000-8000-000000000001', 'Pack Champions', 3),
            entry('a1b2c3d4-0000-4000-8000-000000000002', 'Pack NBA', 1),
          ],
        }),
    });
    const packs = screen.getByRole('region', { name: 'Mis packs' });
    const items = await within(packs).findAllByRole('listitem');

    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Pack Champions');
    expect(items[0]).toHaveTextContent(/10 de junio de 2026/);
    expect(items[0]).toHaveTextContent('3 tips disponibles');
    expect(items[1]).toHaveTextContent('1 tip disponible');
    expect(
      within(items[0]!).getByRole('link', { name: 'Ver los partidos de Pack Champions' }),
    ).toHaveAttribute('href', '/#packs-title');
  });

  it("links each of the pack's tips to its page, where the buyer reads the analysis", async () => {
    await openAccount(makeUser(), {
      'GET /packs/mis-packs': () =>
        json({
          success: true,
          data: [
            {
              ...entry('a1b2c3d4-0000-4000-8000-000000000001', 'Pack Champions', 1),
              tips: [{ _id: 't-1', title: 'Real Madrid vs Barça' }],
            },
          ],
        }),
    });
    const link = await within(screen.getByRole('region', { name: 'Mis packs' })).findByRole(
      'link',
      {
        name: 'Real Madrid vs Barça',
      },
    );
    expect(link).toHaveAttribute('href', '/tip/t-1');
  });

  it("shows 'Cargando tus packs...' and then 'Todavía no has comprado ningún pack.'", async () => {
    let answer: (r: Response) => void = () => {};
    await openAccount(makeUser(), {
      'GET /packs/mis-packs': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const packs = screen.getByRole('region', { name: 'Mis packs' });
    expect(within(packs).getByRole('status')).toHaveTextContent('Cargando tus packs...');

    answer(json({ success: true, data: [] }));
    expect(await within(packs).findByText('Todavía no has comprado ningún pack.')).toBeVisible();
    expect(within(packs).getByRole('link', { name: 'Ver packs disponibles' })).toHaveAttribute(
      'href',
      '/#packs-title',
    );
  });

  it('shows the error with a retry', async () => {
    let fail = true;
    const { user } = await openAccount(makeUser(), {
      'GET /packs/mis-packs': () =>
        fail
          ? apiError(503, 'Servicio no disponible, prueba en un momento.')
          : json({ success: true, data: [] }),
    });
    const packs = screen.getByRole('region', { name: 'Mis packs' });
    const alert = await within(packs).findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar tus packs');
    expect(alert).toHaveTextContent('Servicio no disponible, prueba en un momento.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(packs).findByText('Todavía no has comprado ningún pack.')).toBeVisible();
  });
});
