import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '../../../test/fake-api';
import { renderRoutes, storeSession, TEST_USER } from '../../../test/utils';
import { HEAD, RECORD, TIPS_PAGE } from './testing/fixtures';
import TrackRecordPage from './track-record-page';
import { verifyRecord } from './verify-run';

// The verifier's own chunk, replaced: its checks are contracts' (tested there); here, what the
// page does with their outcome.
vi.mock('./verify-run', () => ({ verifyRecord: vi.fn() }));

function renderPage(at = '/historial') {
  return renderRoutes([{ path: '/historial', element: <TrackRecordPage /> }], at);
}

function recordApi(record = RECORD, session?: Parameters<typeof fakeApi>[1]) {
  return fakeApi(
    {
      'GET /track-record': { body: { success: true, data: record } },
      'GET /track-record/ledger/head': { body: HEAD },
      'GET /track-record/tips': (request: FakeRequest) => ({
        body: {
          ...TIPS_PAGE,
          pagination: { ...TIPS_PAGE.pagination, page: Number(request.query.get('page') ?? 1) },
        },
      }),
    },
    session,
  );
}

afterEach(() => vi.mocked(verifyRecord).mockReset());

describe('TrackRecordPage, the proof', { timeout: 20_000 }, () => {
  it('links each row to its tip and its ledger entries, with its publication lead', async () => {
    recordApi();
    renderPage();

    const tips = await screen.findByRole('region', { name: 'Tips resueltos' });
    const title = await within(tips).findByRole('link', { name: 'Real Madrid vs Barcelona' });
    expect(title).toHaveAttribute('href', `/tip/${TIPS_PAGE.tips[0]?._id}`);
    const row = title.closest('article') as HTMLElement;
    expect(
      within(row).getByRole('link', { name: 'Ver en el registro: Real Madrid vs Barcelona' }),
    ).toHaveAttribute('href', `/historial/registro?tip=${TIPS_PAGE.tips[0]?._id}`);
    // Published 10:00 for a 20:00 kick-off; the second tip, 28 h before.
    expect(row).toHaveTextContent(
      /Publicado el 24 nov 2026, \d{1,2}:00 \(hora [^)]+\) · 10 h antes del inicio/,
    );
    expect(tips).toHaveTextContent('28 h antes del inicio');
  });

  it('prints the ledger head, linking to the ledger', async () => {
    recordApi();
    renderPage();

    const link = await screen.findByRole('link', {
      name: 'Registro público: entrada #1234 · 9f86d081884c7d65',
    });
    expect(link).toHaveAttribute('href', '/historial/registro');
  });

  it('Verificar runs the checks with progress in a live region, and ends with the OK', async () => {
    let finish: (value: Awaited<ReturnType<typeof verifyRecord>>) => void = () => {};
    vi.mocked(verifyRecord).mockImplementation((_origin, onProgress) => {
      onProgress(1000, 1234);
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    recordApi();
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Verificar' }));
    const status = document.querySelector('.tr-proof__result');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(
      await screen.findByText('Comprobando el registro: 1000 de 1234 entradas descargadas...'),
    ).toBeVisible();
    expect(status).toHaveTextContent('Comprobando el registro');
    expect(screen.getByText('Verificando...')).toBeDisabled();
    expect(vi.mocked(verifyRecord).mock.calls[0]?.[0]).toBe(window.location.origin);

    finish({ ok: true, summary: 'Verificado: 1.234 entradas.' });
    expect(await screen.findByText('Verificado: 1.234 entradas.')).toBeVisible();
    expect(status).toHaveTextContent('Verificado: 1.234 entradas.');
    expect(screen.getByText('Verificar')).toBeEnabled();
  });

  it('lists the problems in Spanish when the checks disagree, and explains a failed download', async () => {
    vi.mocked(verifyRecord)
      .mockResolvedValueOnce({
        ok: false,
        summary: 'Un problema en el registro hasta la entrada #1234 · 9f86d081884c7d65:',
        problems: ['Entrada #17: Firma no válida'],
      })
      .mockRejectedValueOnce(new Error('/api/track-record/ledger respondió 503'));
    recordApi();
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Entrada #17: Firma no válida')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(
      await screen.findByText(/^No pudimos completar la verificación \(.*503\)/),
    ).toBeVisible();
  });

  it('keeps dates, odds band, stake and bookmaker in the URL, the API and the CSV link', async () => {
    const api = recordApi();
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole('img', { name: 'Beneficio acumulado en unidades' });

    await user.type(screen.getByLabelText('Desde'), '2026-10-01');
    await user.selectOptions(screen.getByLabelText('Cuota'), 'De 1,50 a 1,99');
    await user.selectOptions(screen.getByLabelText('Stake'), '3 u');
    await user.selectOptions(screen.getByLabelText('Casa de apuestas'), 'Codere');

    expect(router.state.location.search).toBe('?desde=2026-10-01&cuota=1.5-2&stake=3&casa=Codere');
    const query = 'from=2026-10-01&oddsBand=1.5-2&stake=3&bookmaker=Codere';
    await waitFor(() => expect(api.calls()).toContain(`GET /track-record?${query}`));
    expect(api.calls()).toContain(`GET /track-record/tips?${query}`);
    expect(screen.getByRole('link', { name: 'Descargar CSV' })).toHaveAttribute(
      'href',
      `/api/track-record/tips.csv?${query}`,
    );

    await user.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(router.state.location.search).toBe('');
  });

  it('folds the filters behind "Filtros", a button that says whether they are open', async () => {
    recordApi();
    const user = userEvent.setup();
    renderPage('/historial?deporte=tennis');

    const toggle = await screen.findByRole('button', { name: 'Filtros (activos)' });
    const form = screen.getByRole('form', { name: 'Filtros' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', form.id);
    expect(form).toHaveAttribute('data-open', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(form).toHaveAttribute('data-open', 'true');
    // The summary comes before the filters on the page.
    const summary = screen.getByRole('region', { name: 'Resumen' });
    expect(summary.compareDocumentPosition(toggle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('warns when fewer than 30 bets are left', async () => {
    recordApi({ ...RECORD, settled: 12, withoutBet: 1, pendingBets: 1 });
    renderPage();

    expect(await screen.findByText(/Menos de 30 apuestas:/)).toBeVisible();
    expect(screen.getByText(/con 12 apuestas resueltas las cifras dependen/)).toBeVisible();
    expect(screen.getByText(/^1 análisis sin apuesta · 1 apuesta pendiente/)).toBeVisible();
  });

  it('offers a visitor Acceso, Crear cuenta and the closing "Crea tu cuenta gratis"', async () => {
    recordApi();
    renderPage();

    const account = await screen.findByRole('navigation', { name: 'Tu cuenta' });
    expect(within(account).getByRole('link', { name: 'Acceso' })).toHaveAttribute('href', '/login');
    expect(within(account).getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Crea tu cuenta gratis' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.queryByRole('link', { name: 'Hazte VIP' })).not.toBeInTheDocument();
  });

  it('offers a free user Hazte VIP, and a subscriber neither call', async () => {
    storeSession();
    recordApi(RECORD, { user: TEST_USER });
    const first = renderPage();
    expect((await screen.findAllByRole('link', { name: 'Hazte VIP' }))[0]).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.queryByRole('link', { name: 'Crear cuenta' })).not.toBeInTheDocument();
    first.unmount();

    const subscriber = {
      ...TEST_USER,
      subscription: { hasActiveSubscription: true, plan: 'premium' },
    };
    storeSession(subscriber);
    recordApi(RECORD, { user: subscriber });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Historial verificado' });
    await screen.findByRole('region', { name: 'Tips resueltos' });
    expect(screen.queryByRole('link', { name: 'Hazte VIP' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Crea/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Tu cuenta' })).not.toBeInTheDocument();
  });
});
