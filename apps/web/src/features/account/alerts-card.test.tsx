import { ALERT_MSG, type TAlertPreferencesResponse } from '@magotips/contracts/alerts';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '../../../test/api-double';
import { PUSH_TEXT } from './components/push-device-control';
import { alertsCard, openAccount } from './testing/open-account';

function answer(patch: Partial<TAlertPreferencesResponse> = {}): TAlertPreferencesResponse {
  return {
    success: true,
    preferences: { email: { free: true, vip: false }, push: { free: true, vip: true } },
    vipEligible: false,
    ...patch,
  };
}

const card = alertsCard;

describe('Avisos de nuevos tips', () => {
  it('shows the free switch as saved and, for a reader without VIP access, no VIP switch but why', async () => {
    await openAccount({ 'GET /alerts/preferences': () => json(answer()) });
    const free = await within(card()).findByRole('switch', { name: 'Tips gratis por e-mail' });
    expect(free).toBeChecked();
    expect(
      within(card()).queryByRole('switch', { name: 'Tips VIP por e-mail' }),
    ).not.toBeInTheDocument();
    expect(card()).toHaveTextContent(ALERT_MSG.vipNotEntitled);
    expect(card()).toHaveTextContent('en el momento en que se publica un tip nuevo');
    expect(
      within(card()).getByRole('switch', { name: 'Tips gratis por notificación' }),
    ).toBeChecked();
    expect(
      within(card()).queryByRole('switch', { name: 'Tips VIP por notificación' }),
    ).not.toBeInTheDocument();
    // jsdom has no service workers: this browser says so instead of offering a button.
    expect(card()).toHaveTextContent(PUSH_TEXT.unsupported);
  });

  it('keeps the room of the form while loading and says so to screen readers', async () => {
    let release: (response: Response) => void = () => undefined;
    await openAccount({
      'GET /alerts/preferences': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    expect(within(card()).getByText('Cargando tus avisos...')).toHaveAttribute('role', 'status');
    expect(within(card()).queryByRole('switch')).not.toBeInTheDocument();
    release(json(answer()));
    expect(
      await within(card()).findByRole('switch', { name: 'Tips gratis por e-mail' }),
    ).toBeVisible();
    expect(within(card()).queryByText('Cargando tus avisos...')).not.toBeInTheDocument();
  });

  it('saves the switches with the keyboard, push as shown, and announces the result', async () => {
    const { api, ui } = await openAccount({
      'GET /alerts/preferences': () => json(answer({ vipEligible: true })),
      'PUT /alerts/preferences': (body) =>
        json({
          ...answer({
            vipEligible: true,
            preferences: body as TAlertPreferencesResponse['preferences'],
          }),
          message: ALERT_MSG.preferencesSaved,
        }),
    });
    const vip = await within(card()).findByRole('switch', { name: 'Tips VIP por e-mail' });
    const free = within(card()).getByRole('switch', { name: 'Tips gratis por e-mail' });
    expect(vip).not.toBeChecked();

    vip.focus();
    await ui.keyboard(' ');
    await ui.click(free);
    expect(vip).toBeChecked();
    expect(free).not.toBeChecked();
    expect(card()).toHaveTextContent('Tienes cambios sin guardar.');

    await ui.click(within(card()).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(within(card()).getAllByRole('status').at(-1)).toHaveTextContent(
        ALERT_MSG.preferencesSaved,
      ),
    );
    expect(api.callsTo('PUT /alerts/preferences')[0]?.body).toEqual({
      email: { free: false, vip: true },
      push: { free: true, vip: true },
    });
    expect(card()).not.toHaveTextContent('Tienes cambios sin guardar.');
    expect(within(card()).getByRole('button', { name: 'Guardar' })).toHaveFocus();
  });

  it('keeps the hidden VIP value as saved when a reader without VIP access saves', async () => {
    const { api, ui } = await openAccount({
      'GET /alerts/preferences': () =>
        json(
          answer({
            preferences: { email: { free: false, vip: true }, push: { free: false, vip: false } },
          }),
        ),
      'PUT /alerts/preferences': () => json({ ...answer(), message: ALERT_MSG.preferencesSaved }),
    });
    await ui.click(await within(card()).findByRole('switch', { name: 'Tips gratis por e-mail' }));
    await ui.click(within(card()).getByRole('button', { name: 'Guardar' }));
    expect(await within(card()).findByText(ALERT_MSG.preferencesSaved)).toBeVisible();
    expect(api.callsTo('PUT /alerts/preferences')[0]?.body).toEqual({
      email: { free: true, vip: true },
      push: { free: false, vip: false },
    });
  });

  it('shows the server’s reason when saving fails and keeps the change to try again', async () => {
    const { ui } = await openAccount({
      'GET /alerts/preferences': () => json(answer()),
      'PUT /alerts/preferences': () =>
        apiError(400, ALERT_MSG.preferencesInvalid, 'VALIDATION_ERROR'),
    });
    const free = await within(card()).findByRole('switch', { name: 'Tips gratis por e-mail' });
    await ui.click(free);
    await ui.click(within(card()).getByRole('button', { name: 'Guardar' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      ALERT_MSG.preferencesInvalid,
    );
    expect(free).not.toBeChecked();
    expect(card()).toHaveTextContent('Tienes cambios sin guardar.');
  });

  it('falls back to its own text when saving fails without a reason', async () => {
    const { ui } = await openAccount({
      'GET /alerts/preferences': () => json(answer()),
      'PUT /alerts/preferences': () =>
        apiError(500, 'Error interno del servidor. Por favor, intenta más tarde.'),
    });
    await ui.click(await within(card()).findByRole('button', { name: 'Guardar' }));
    // The status's generic text says less than the card's own.
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'No se pudieron guardar tus avisos',
    );
  });

  it('sends a test alert and shows the server’s message, or why it failed', async () => {
    let fail = false;
    const { api, ui } = await openAccount({
      'GET /alerts/preferences': () => json(answer()),
      'POST /alerts/test': () =>
        fail
          ? apiError(
              429,
              'Demasiadas solicitudes. Inténtalo de nuevo en un minuto.',
              'RATE_LIMITED',
            )
          : json(
              { success: true, message: 'Te hemos enviado un aviso de prueba a ana@example.com.' },
              202,
            ),
    });
    const send = await within(card()).findByRole('button', { name: 'Enviar aviso de prueba' });
    await ui.click(send);
    expect(
      await within(card()).findByText('Te hemos enviado un aviso de prueba a ana@example.com.'),
    ).toBeVisible();
    expect(api.callsTo('POST /alerts/test')).toHaveLength(1);
    expect(api.callsTo('POST /alerts/test')[0]?.headers.get('Authorization')).toBe(
      'Bearer session-token',
    );

    fail = true;
    await ui.click(send);
    expect(await within(card()).findByRole('alert')).toHaveTextContent('Demasiadas solicitudes');
    expect(card()).not.toHaveTextContent('Te hemos enviado un aviso de prueba');
  });

  it('says when the preferences cannot load, and Reintentar asks again', async () => {
    let fail = true;
    const { ui } = await openAccount({
      'GET /alerts/preferences': () =>
        fail
          ? apiError(500, 'Error interno del servidor. Por favor, intenta más tarde.')
          : json(answer()),
    });
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar tus avisos');
    fail = false;
    await ui.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(
      await within(card()).findByRole('switch', { name: 'Tips gratis por e-mail' }),
    ).toBeChecked();
  });
});
