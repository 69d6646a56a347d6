import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, storeSession, TEST_USER } from '../../../test/utils';
import type { TSessionUser } from '../../lib/session/session-user';
import EditorPage from './editor-page';
import { fakeApi } from '../../../test/fake-api';
import { EDITOR, EDITOR_ADMIN, PLAN, tipId, tipsPage } from './testing/fixtures';

function renderAs(
  user: TSessionUser,
  handlers: Parameters<typeof fakeApi>[0] = {},
  at = '/panel/editor',
) {
  storeSession(user);
  const api = fakeApi(
    {
      'GET /tips': { body: tipsPage([], 1, 0) },
      ...handlers,
    },
    { user },
  );
  renderWithApp(<EditorPage />, { at });
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

  it('gives an editor the Tips and Packs tabs, Tips first, and no plans tab without admin', async () => {
    const api = renderAs(EDITOR);
    expect(screen.getByRole('heading', { level: 1, name: 'Edición' })).toBeVisible();
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Tips', 'Resultados', 'Packs']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Gestiona los tips y los packs.')).toBeVisible();
    expect(await screen.findByText(/Todavía no hay tips/)).toBeVisible();
    expect(api.calls().some((call) => call.includes('/subscriptions'))).toBe(false);
  });

  it('gives an editor who is also admin the three tabs, Suscripciones last', () => {
    renderAs(EDITOR_ADMIN);
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Tips',
      'Resultados',
      'Packs',
      'Suscripciones',
    ]);
  });

  it('answers a ?tab=suscripciones link without admin with the tips and why (BOTH roles), asking nothing of the server', async () => {
    const api = renderAs(EDITOR, {}, '/panel/editor?tab=suscripciones');

    expect(
      screen.getByText(/^Los planes de suscripción no están disponibles para tu cuenta/),
    ).toHaveTextContent(
      'Los planes de suscripción no están disponibles para tu cuenta: Se requieren AMBOS roles: editor y admin.',
    );
    expect(screen.queryByRole('tab', { name: 'Suscripciones' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tips' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(/Todavía no hay tips/)).toBeVisible();
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

  it('counts the pending results on their tab, which lists them', async () => {
    const pending = {
      _id: tipId(7),
      title: 'Betis vs. Sevilla',
      icon: 'football',
      category: 'premium',
      matchDate: '2025-08-09T18:00:00.000Z',
      pick: 'Empate',
      odds: 3.2,
      stake: 2,
    };
    renderAs(EDITOR, {
      'GET /tips/pending-results': { body: { success: true, tips: [pending], total: 1 } },
    });
    const user = userEvent.setup();

    const tab = await screen.findByRole('tab', { name: 'Resultados (1)' });
    await user.click(tab);

    expect(screen.getByRole('heading', { level: 2, name: 'Resultados pendientes' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ganado: Betis vs. Sevilla' })).toBeVisible();
  });
});
