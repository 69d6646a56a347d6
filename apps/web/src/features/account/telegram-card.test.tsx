import { TELEGRAM_MSG } from '@magotips/contracts/telegram';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

const LINK_URL = `https://t.me/MagoTipsBot?start=${'a'.repeat(43)}`;
const status = (patch: { available?: boolean; linked?: boolean; username?: string | null } = {}) =>
  json({ success: true, available: true, linked: false, username: null, ...patch });

async function openAccount(handlers: Record<string, ApiHandler>) {
  dismissNotices();
  const user = makeUser();
  storeSession(user, 'session-token');
  const api = stubApi({
    'POST /auth/me_verify': () => authAnswer(user, 'session-token'),
    ...handlers,
  });
  const view = renderApp('/panel/cuenta');
  await screen.findByRole('heading', { level: 1, name: 'Mi Cuenta' });
  return { ...view, api, ui: userEvent.setup() };
}

const card = () => screen.getByRole('region', { name: 'Telegram' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Telegram card (issue 31)', () => {
  it('"Conectar Telegram" opens the bot, says to press Iniciar, and "Ya lo conecté" shows the link', async () => {
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    let linked = false;
    const { api, ui } = await openAccount({
      'GET /telegram/link': () => status(linked ? { linked: true, username: 'ana_t' } : {}),
      'POST /telegram/link': () => json({ success: true, url: LINK_URL }),
    });
    // While loading, the button holds its place disabled.
    expect(within(card()).getByRole('button', { name: 'Conectar Telegram' })).toBeDisabled();
    await within(card()).findByText('No has conectado ningún Telegram.');
    await ui.click(within(card()).getByRole('button', { name: 'Conectar Telegram' }));

    expect(await within(card()).findByText('Abre Telegram y pulsa Iniciar.')).toBeVisible();
    expect(open).toHaveBeenCalledWith(LINK_URL, '_blank');
    const link = within(card()).getByRole('link', { name: 'Abrir Telegram' });
    expect(link).toHaveAttribute('href', LINK_URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveFocus();
    expect(api.callsTo('POST /telegram/link')).toHaveLength(1);

    // Not yet: the card says so and keeps waiting.
    await ui.click(within(card()).getByRole('button', { name: 'Ya lo conecté' }));
    expect(await within(card()).findByText(/Todavía no vemos tu Telegram conectado/)).toBeVisible();

    linked = true;
    await ui.click(within(card()).getByRole('button', { name: 'Ya lo conecté' }));
    expect(await within(card()).findByText('Conectado como @ana_t')).toBeVisible();
    expect(within(card()).getByRole('status')).toHaveTextContent('Telegram conectado.');
    expect(within(card()).queryByRole('link', { name: 'Abrir Telegram' })).toBeNull();
  });

  it('notices by itself, while waiting, that the reader pressed Iniciar', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    let linked = false;
    const { ui } = await openAccount({
      'GET /telegram/link': () => status(linked ? { linked: true, username: 'ana_t' } : {}),
      'POST /telegram/link': () => json({ success: true, url: LINK_URL }),
    });
    await within(card()).findByText('No has conectado ningún Telegram.');
    await ui.click(within(card()).getByRole('button', { name: 'Conectar Telegram' }));
    await within(card()).findByText('Abre Telegram y pulsa Iniciar.');
    linked = true;
    expect(
      await within(card()).findByText('Conectado como @ana_t', {}, { timeout: 6_000 }),
    ).toBeVisible();
  }, 10_000);

  it('asks before "Desconectar", sends nothing on Cancelar, and unlinks on confirm', async () => {
    let linked = true;
    const { api, ui } = await openAccount({
      'GET /telegram/link': () => status(linked ? { linked: true, username: 'ana_t' } : {}),
      'DELETE /telegram/link': () => {
        linked = false;
        return json({ success: true, message: TELEGRAM_MSG.unlinked });
      },
    });
    expect(await within(card()).findByText('Conectado como @ana_t')).toBeVisible();
    const disconnect = within(card()).getByRole('button', { name: 'Desconectar' });

    await ui.click(disconnect);
    const dialog = screen.getByRole('alertdialog', { name: '¿Desconectar tu Telegram?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('DELETE /telegram/link')).toHaveLength(0);

    await ui.click(disconnect);
    await ui.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Desconectar' }),
    );
    expect(await within(card()).findByText(TELEGRAM_MSG.unlinked)).toBeVisible();
    expect(api.callsTo('DELETE /telegram/link')).toHaveLength(1);
    expect(await within(card()).findByText('No has conectado ningún Telegram.')).toBeVisible();
    expect(within(card()).getByRole('button', { name: 'Conectar Telegram' })).toBeEnabled();
  });

  it('says Telegram is not available on a site without a bot, with the button off', async () => {
    await openAccount({ 'GET /telegram/link': () => status({ available: false }) });
    expect(await within(card()).findByText(TELEGRAM_MSG.unavailable)).toBeVisible();
    expect(within(card()).getByRole('button', { name: 'Conectar Telegram' })).toBeDisabled();
  });

  it("shows the server's Spanish reason when the link can't be made", async () => {
    const { ui } = await openAccount({
      'GET /telegram/link': () => status(),
      'POST /telegram/link': () => apiError(503, TELEGRAM_MSG.unavailable, 'TELEGRAM_UNAVAILABLE'),
    });
    await within(card()).findByText('No has conectado ningún Telegram.');
    await ui.click(within(card()).getByRole('button', { name: 'Conectar Telegram' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(TELEGRAM_MSG.unavailable);
    expect(within(card()).getByRole('button', { name: 'Conectar Telegram' })).toBeVisible();
  });

  it('says when the state cannot load, and Reintentar asks again', async () => {
    let fail = true;
    const { ui } = await openAccount({
      'GET /telegram/link': () =>
        fail
          ? apiError(500, 'Error interno del servidor. Por favor, intenta más tarde.')
          : status(),
    });
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar tu conexión con Telegram');
    fail = false;
    await ui.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(card()).findByText('No has conectado ningún Telegram.')).toBeVisible();
  });
});
