import { ALERT_MSG, UNSUBSCRIBE_PATH } from '@magotips/contracts/alerts';
import { screen, waitFor } from '@testing-library/react';
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

preloadRoutes('/avisos/baja');

const TOKEN = 'dXNlci0xMjM.email.c2lnbmF0dXJl';

async function openPage(search: string, handlers: Record<string, ApiHandler> = {}) {
  dismissNotices();
  const api = stubApi(handlers);
  const view = renderApp(`${UNSUBSCRIBE_PATH}${search}`);
  await screen.findByRole('heading', { level: 1, name: 'Darte de baja de los avisos' });
  return { ...view, api, ui: userEvent.setup() };
}

const unsubscribeCalls = (api: { callsTo: (key: string) => unknown[] }) =>
  api.callsTo('POST /alerts/unsubscribe');

describe('UnsubscribePage', () => {
  it('changes nothing on opening (mail scanners open links), then unsubscribes on the click, signed out', async () => {
    const { api, ui } = await openPage(`?token=${TOKEN}`, {
      'POST /alerts/unsubscribe': () => json({ success: true, message: ALERT_MSG.unsubscribed }),
    });
    expect(
      screen.getByText(/Dejarás de recibir los e-mails que te avisan de cada tip nuevo/),
    ).toBeVisible();
    expect(unsubscribeCalls(api)).toHaveLength(0);

    await ui.click(screen.getByRole('button', { name: 'Darme de baja' }));
    expect(await screen.findByText(ALERT_MSG.unsubscribed)).toBeVisible();
    expect(api.callsTo('POST /alerts/unsubscribe')[0]?.body).toEqual({ token: TOKEN });
    expect(screen.getByRole('link', { name: 'Gestionar mis avisos' })).toHaveAttribute(
      'href',
      '/panel/cuenta',
    );
    expect(screen.queryByRole('button', { name: 'Darme de baja' })).not.toBeInTheDocument();
  });

  it('sends no session with the token, even when this browser is signed in', async () => {
    const user = makeUser();
    storeSession(user, 'session-token');
    const { api, ui } = await openPage(`?token=${TOKEN}`, {
      'POST /auth/me_verify': () => authAnswer(user, 'session-token'),
      'POST /alerts/unsubscribe': () => json({ success: true, message: ALERT_MSG.unsubscribed }),
    });
    await ui.click(screen.getByRole('button', { name: 'Darme de baja' }));
    await screen.findByText(ALERT_MSG.unsubscribed);
    expect(api.callsTo('POST /alerts/unsubscribe')[0]?.headers.has('Authorization')).toBe(false);
  });

  it('says the link is not valid when it has no token, and calls nothing', async () => {
    const { api } = await openPage('');
    expect(screen.getByRole('alert')).toHaveTextContent(ALERT_MSG.unsubscribeInvalid);
    expect(screen.queryByRole('button', { name: 'Darme de baja' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gestionar mis avisos' })).toBeVisible();
    expect(unsubscribeCalls(api)).toHaveLength(0);
  });

  it('shows the server’s word on a bad token, without offering the same click again', async () => {
    const { ui } = await openPage('?token=manipulado-1234', {
      'POST /alerts/unsubscribe': () =>
        apiError(400, ALERT_MSG.unsubscribeInvalid, 'VALIDATION_ERROR'),
    });
    await ui.click(screen.getByRole('button', { name: 'Darme de baja' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MSG.unsubscribeInvalid);
    expect(screen.queryByRole('button', { name: 'Darme de baja' })).not.toBeInTheDocument();
  });

  it('lets the reader try again after a failure that is not the link’s fault', async () => {
    let fail = true;
    const { api, ui } = await openPage(`?token=${TOKEN}`, {
      'POST /alerts/unsubscribe': () =>
        fail
          ? apiError(500, 'Error interno del servidor. Por favor, intenta más tarde.')
          : json({ success: true, message: ALERT_MSG.unsubscribed }),
    });
    await ui.click(screen.getByRole('button', { name: 'Darme de baja' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo completar la baja. Inténtalo de nuevo.',
    );

    fail = false;
    await ui.click(screen.getByRole('button', { name: 'Darme de baja' }));
    expect(await screen.findByText(ALERT_MSG.unsubscribed)).toBeVisible();
    await waitFor(() => expect(unsubscribeCalls(api)).toHaveLength(2));
  });
});
