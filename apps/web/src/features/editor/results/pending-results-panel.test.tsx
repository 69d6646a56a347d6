import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, NOTICE } from '@magotips/contracts/messages';
import type { TPendingResultsResponse } from '@magotips/contracts/track-record-schemas';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, storeSession } from '../../../../test/utils';
import { fakeApi, type FakeHandler } from '../../../../test/fake-api';
import { EDITOR, tipId, tipsPage } from '../testing/fixtures';
import { TipsPanel } from '../tips/tips-panel';
import { PendingResultsPanel } from './pending-results-panel';

// userEvent types every character: on a busy shared machine the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 });

type PendingTip = TPendingResultsResponse['tips'][number];

function pendingTip(n: number, overrides: Partial<PendingTip> = {}): PendingTip {
  return {
    _id: tipId(n),
    title: `Partido ${n}`,
    icon: 'football',
    category: 'free',
    matchDate: `2025-08-0${n}T18:00:00.000Z`,
    pick: `Pronóstico ${n}`,
    odds: 1.85,
    stake: 3,
    ...overrides,
  };
}

/** The server's list, which drops a tip once it is settled. */
function pendingServer(tips: PendingTip[]) {
  let left = [...tips];
  const list: FakeHandler = () => ({ body: { success: true, tips: left, total: left.length } });
  const settle =
    (id: string): FakeHandler =>
    () => {
      left = left.filter((tip) => tip._id !== id);
      return { body: { success: true, message: NOTICE.tipSettled, tip: {} } };
    };
  return { list, settle };
}

function renderPanel(handlers: Parameters<typeof fakeApi>[0], withTips = false) {
  storeSession(EDITOR);
  const api = fakeApi({ 'GET /tips': { body: tipsPage([], 1, 0) }, ...handlers }, { user: EDITOR });
  renderWithApp(
    <>
      <PendingResultsPanel />
      {withTips ? <TipsPanel /> : null}
    </>,
  );
  return api;
}

const rowOf = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).closest('li')!;

describe('PendingResultsPanel', () => {
  it('lists the started matches oldest first, each with its bet and five named outcomes', async () => {
    const server = pendingServer([pendingTip(1), pendingTip(2, { icon: 'basketball', odds: 2.1 })]);
    renderPanel({ 'GET /tips/pending-results': server.list });

    expect(screen.getByText('Cargando resultados pendientes...')).toBeVisible();
    const first = await rowOf('Partido 1');
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Partido 1', 'Partido 2']);
    expect(first).toHaveTextContent('Fútbol');
    expect(first).toHaveTextContent('Pronóstico 1');
    expect(first).toHaveTextContent('Cuota 1,85');
    expect(first).toHaveTextContent('Stake 3 u');
    expect(within(first).getByRole('group', { name: 'Resultado de «Partido 1»' })).toBeVisible();
    expect(
      within(first)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Ganado: Partido 1',
      'Perdido: Partido 1',
      'Nulo: Partido 1',
      'Medio ganado: Partido 1',
      'Medio perdido: Partido 1',
    ]);
    expect(await rowOf('Partido 2')).toHaveTextContent('Cuota 2,10');
    expect(screen.getByText('2 tips por resolver, el más antiguo primero')).toBeVisible();
  });

  it(
    'settles with the keyboard through the confirmation: the row goes, the notice is read out, focus moves on, the tips list refreshes',
    { timeout: 15_000 },
    async () => {
      const server = pendingServer([pendingTip(1), pendingTip(2)]);
      const api = renderPanel(
        {
          'GET /tips/pending-results': server.list,
          [`PATCH /tips/${tipId(1)}/result`]: server.settle(tipId(1)),
        },
        true,
      );
      const user = userEvent.setup();
      await rowOf('Partido 1');
      await screen.findByText(/Todavía no hay tips/);

      const perdido = screen.getByRole('button', { name: 'Perdido: Partido 1' });
      perdido.focus();
      await user.keyboard('{Enter}');

      // Nothing is recorded before the confirmation, which names the tip, its bet and the result.
      const dialog = screen.getByRole('alertdialog', { name: '¿Registrar «Perdido»?' });
      expect(dialog).toHaveAccessibleDescription(/Partido 1.*Pronóstico 1.*1,85.*Perdido/);
      expect(api.calls().some((call) => call.startsWith('PATCH'))).toBe(false);
      expect(screen.queryByLabelText('Motivo de la corrección')).not.toBeInTheDocument();
      const closing = within(dialog).getByLabelText('Cuota de cierre (opcional)');
      expect(closing).toHaveFocus();
      await user.type(closing, '1,72');
      await user.keyboard('{Enter}');

      expect(await screen.findByText(NOTICE.tipSettled)).toHaveAttribute('role', 'status');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Partido 1' })).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Partido 2' })).toHaveFocus();
      const patch = api.requests().find((call) => call.method === 'PATCH');
      expect(patch?.body).toEqual({ result: 'perdido', closingOdds: 1.72 });
      // TanStack Query invalidation: the tips list is fetched again.
      await screen.findByText(/Todavía no hay tips/);
      expect(api.calls().filter((call) => call.startsWith('GET /tips?'))).toHaveLength(2);
    },
  );

  it('says so when nothing is left to settle', async () => {
    const server = pendingServer([pendingTip(1)]);
    renderPanel({
      'GET /tips/pending-results': server.list,
      [`PATCH /tips/${tipId(1)}/result`]: server.settle(tipId(1)),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nulo: Partido 1' }));
    await user.click(screen.getByRole('button', { name: 'Registrar resultado' }));
    expect(await screen.findByText('No hay resultados pendientes.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Resultados pendientes' })).toHaveFocus();
  });

  it("keeps the row and shows the server's message in the dialog on a 409", async () => {
    const server = pendingServer([pendingTip(1)]);
    renderPanel({
      'GET /tips/pending-results': server.list,
      [`PATCH /tips/${tipId(1)}/result`]: {
        status: 409,
        body: { success: false, code: 'MATCH_NOT_STARTED', message: MSG.matchNotStarted },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ganado: Partido 1' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Registrar «Ganado»?' });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar resultado' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No se ha guardado el resultado');
    expect(alert).toHaveTextContent(MSG.matchNotStarted);
    expect(screen.queryByText(NOTICE.tipSettled)).not.toBeInTheDocument();
    // Cancelar closes it, the row stays and focus goes back to the outcome that opened it.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Partido 1' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ganado: Partido 1' })).toHaveFocus();
  });

  it('refuses closing odds the contract does not read, keeps focus inside, and Escape closes without recording', async () => {
    const server = pendingServer([pendingTip(1)]);
    const api = renderPanel({ 'GET /tips/pending-results': server.list });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ganado: Partido 1' }));
    const dialog = screen.getByRole('alertdialog');
    const closing = within(dialog).getByLabelText('Cuota de cierre (opcional)');
    await user.type(closing, '1,855');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar resultado' }));
    expect(closing).toHaveAccessibleDescription(expect.stringContaining(MSG.oddsDecimals));
    expect(closing).toHaveFocus();
    // Focus stays inside: Shift+Tab from the first field goes round to the last button.
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Registrar resultado' })).toHaveFocus();
    await user.tab();
    expect(closing).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls().some((call) => call.startsWith('PATCH'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Ganado: Partido 1' })).toHaveFocus();
  });

  it('shows the empty state', async () => {
    renderPanel({ 'GET /tips/pending-results': pendingServer([]).list });
    expect(await screen.findByText('No hay resultados pendientes.')).toBeVisible();
  });

  it('offers Reintentar when the list fails', async () => {
    let fail = true;
    const server = pendingServer([pendingTip(1)]);
    renderPanel({
      'GET /tips/pending-results': (request) =>
        fail
          ? { status: 500, body: { success: false, message: 'Base de datos caída', code: 'X' } }
          : server.list(request),
    });
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar los resultados pendientes');
    expect(alert).toHaveTextContent('Base de datos caída');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Partido 1' })).toBeVisible();
  });
});
