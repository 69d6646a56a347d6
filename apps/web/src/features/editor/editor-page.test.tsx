import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, storeSession, TEST_USER } from '../../../test/utils';
import type { TSessionUser } from '../auth/session-user';
import EditorPage from './editor-page';
import { fakeApi } from './testing/fake-api';
import { EDITOR, EDITOR_ADMIN, PLAN, tipsPage } from './testing/fixtures';

function renderAs(user: TSessionUser, handlers: Parameters<typeof fakeApi>[0] = {}) {
  storeSession(user);
  const api = fakeApi(
    {
      'GET /tips': { body: tipsPage([], 1, 0) },
      ...handlers,
    },
    { user },
  );
  renderWithApp(<EditorPage />, { at: '/panel/editor' });
  return api;
}

describe('EditorPage', () => {
  it('turns away someone without the editor role', () => {
    const api = renderAs(TEST_USER);
    expect(screen.getByRole('heading', { level: 1, name: 'Acceso Denegado' })).toBeVisible();
    expect(screen.getByText(/Se requiere rol de editor\./)).toBeVisible();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });

  it('turns away an admin who is not an editor, as the server does (decision 0026)', () => {
    const api = renderAs({ ...TEST_USER, roles: [{ name: 'user' }, { name: 'admin' }] });
    expect(screen.getByRole('heading', { level: 1, name: 'Acceso Denegado' })).toBeVisible();
    expect(screen.getByText(/Se requiere rol de editor\./)).toBeVisible();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });

  it('gives an editor the Tips, Packs and Suscripciones tabs, Tips first', async () => {
    renderAs(EDITOR);
    expect(screen.getByRole('heading', { level: 1, name: 'Edición' })).toBeVisible();
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Tips', 'Packs', 'Suscripciones']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(/Todavía no hay tips/)).toBeVisible();
  });

  it('needs BOTH editor and admin for the plans tab, and asks nothing of the server without them', async () => {
    const api = renderAs(EDITOR);
    const user = userEvent.setup();

    await user.click(screen.getByRole('tab', { name: 'Suscripciones' }));

    const panel = screen.getByRole('tabpanel', { name: 'Suscripciones' });
    expect(within(panel).getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
    expect(panel).toHaveTextContent('Se requieren AMBOS roles: editor y admin.');
    expect(api.calls().some((call) => call.includes('/subscriptions'))).toBe(false);
  });

  it('lists the plans for an editor who is also admin', async () => {
    renderAs(EDITOR_ADMIN, {
      'GET /subscriptions/admin/planes': { body: { success: true, data: [PLAN] } },
    });
    const user = userEvent.setup();

    await user.click(screen.getByRole('tab', { name: 'Suscripciones' }));

    expect(await screen.findByRole('heading', { name: 'Plan Premium' })).toBeVisible();
    expect(screen.getByText('$19.99 USD')).toBeVisible();
  });
});
