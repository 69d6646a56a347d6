import { PAGE_META } from '@magotips/contracts/page-meta';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeRequest } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/utils';
import LedgerPage from './ledger-page';
import { ALL_ENTRIES, entry, FREE_TIP, headOf, VIP_ENTRIES, VIP_TIP } from './testing/fixtures';

function renderPage(at = '/historial/registro') {
  return renderRoutes([{ path: '/historial/registro', element: <LedgerPage /> }], at);
}

/** A ledger of `size` entries: the fixtures first, then kick-offs up to `size`. */
function ledgerApi(size = ALL_ENTRIES.length) {
  const all = [
    ...ALL_ENTRIES.slice(0, size),
    ...Array.from({ length: Math.max(0, size - ALL_ENTRIES.length) }, (_, i) =>
      entry(ALL_ENTRIES.length + i + 1, {
        kind: 'kickoff',
        values: { matchDate: '2026-11-25T20:00:00.000Z' },
      }),
    ),
  ];
  return fakeApi({
    'GET /track-record/ledger/head': { body: headOf(size) },
    'GET /track-record/ledger': (request: FakeRequest) => {
      const after = Number(request.query.get('after'));
      const limit = Number(request.query.get('limit'));
      const tip = request.query.get('tip');
      const entries = all.filter((e) => e.seq > after && (!tip || e.tipId === tip)).slice(0, limit);
      return { body: { success: true, entries } };
    },
  });
}

const article = (seq: number) => document.getElementById(`seq-${seq}`) as HTMLElement;

describe('LedgerPage', { timeout: 20_000 }, () => {
  it(
    'opens at the newest page, in chain order, with the head and the title of PAGE_META',
    { timeout: 20_000 },
    async () => {
      const api = ledgerApi(120);
      renderPage();

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Registro público' }),
      ).toBeVisible();
      await waitFor(() => expect(article(120)).toBeInTheDocument());
      expect(api.calls()).toContain('GET /track-record/ledger?after=70&limit=50');
      expect(document.title).toBe(PAGE_META['/historial/registro']?.title);
      const items = screen.getAllByRole('listitem');
      expect(items).toHaveLength(50);
      expect(items[0]).toHaveTextContent('#71');
      expect(screen.getByText('#120 · ' + headOf(120).hash.slice(0, 16))).toBeVisible();
      expect(screen.getByText('Entradas 71–120 de 120')).toBeVisible();
      expect(screen.getByRole('link', { name: 'Anteriores' })).toHaveAttribute(
        'href',
        '/historial/registro?desde=20',
      );
      expect(screen.queryByRole('link', { name: 'Siguientes' })).not.toBeInTheDocument();
    },
  );

  it('pages back with `after` and forward again', async () => {
    const api = ledgerApi(120);
    const user = userEvent.setup();
    renderPage('/historial/registro?desde=20');

    await waitFor(() => expect(article(21)).toBeInTheDocument());
    expect(api.calls()).toContain('GET /track-record/ledger?after=20&limit=50');
    await user.click(screen.getByRole('link', { name: 'Siguientes' }));
    await waitFor(() => expect(article(71)).toBeInTheDocument());
    expect(api.calls()).toContain('GET /track-record/ledger?after=70&limit=50');
  });

  it('shows each kind readably: committed, revealed, in the clear, corrected', async () => {
    ledgerApi();
    renderPage();

    await waitFor(() => expect(article(8)).toBeInTheDocument());
    const publish = within(article(3));
    expect(publish.getByRole('heading', { name: 'Publicación' })).toBeVisible();
    expect(article(3)).toHaveTextContent('Alcaraz vs Sinner');
    expect(article(3)).toHaveTextContent('Tenis');
    expect(article(3)).toHaveTextContent('VIP');
    expect(article(3)).toHaveTextContent('Comprometida: solo su huella, hasta el inicio');
    expect(article(3)).not.toHaveTextContent('Más de 3,5 sets');
    expect(article(5)).toHaveTextContent('Revelación');
    expect(article(5)).toHaveTextContent('ApuestaMás de 3,5 sets @ 2,10 · 2 u');
    expect(
      within(article(5)).getByRole('link', { name: 'el compromiso de la entrada #3' }),
    ).toHaveAttribute('href', `/historial/registro?tip=${VIP_TIP}#seq-3`);
    expect(article(6)).toHaveTextContent('ResultadoPerdidoCuota de cierre1,95');
    expect(article(2)).toHaveTextContent('Cambiacuota');
    expect(article(2)).toHaveTextContent('Ambos marcan @ 1,90 · 3 u · Bet365');
    expect(article(1)).toHaveTextContent('Importada');
    expect(article(7)).toHaveTextContent('Perdido → Ganado');
    expect(article(7)).toHaveTextContent('MotivoEl acta corrigió el marcador final.');
    expect(article(8)).toHaveTextContent('Ocultado antes del inicio');
    expect(
      within(article(1)).getByRole('link', { name: 'Ver el tip de la entrada #1' }),
    ).toHaveAttribute('href', `/tip/${FREE_TIP}`);
    expect(
      within(article(1)).getByRole('link', { name: 'Todas sus entradas (tip de la entrada #1)' }),
    ).toHaveAttribute('href', `/historial/registro?tip=${FREE_TIP}`);
  });

  it('abbreviates the hashes and shows the whole value on request', async () => {
    ledgerApi();
    const user = userEvent.setup();
    renderPage();

    await waitFor(() => expect(article(4)).toBeInTheDocument());
    const hash = VIP_ENTRIES[1]?.hash ?? '';
    const full = within(article(4)).getByText(hash);
    expect(full).not.toBeVisible();
    await user.click(within(article(4)).getByText('(Hash: ver el valor completo)'));
    expect(full).toBeVisible();
    // The previous hash is the hash of the entry above.
    expect(article(4).querySelector('.lg-chain summary code')).toHaveTextContent(
      `${VIP_ENTRIES[0]?.hash.slice(0, 16)}…`,
    );
  });

  it("lists one tip's entries with ?tip= and focuses the entry #seq- names", async () => {
    const api = ledgerApi();
    renderPage(`/historial/registro?tip=${VIP_TIP}#seq-5`);

    expect(
      await screen.findByRole('heading', { name: 'Entradas del tip «Alcaraz vs Sinner»' }),
    ).toBeVisible();
    expect(api.calls()).toContain(`GET /track-record/ledger?after=0&limit=1000&tip=${VIP_TIP}`);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    await waitFor(() => expect(article(5)).toHaveFocus());
    expect(screen.queryByRole('link', { name: /Todas sus entradas/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver el registro completo' })).toBeVisible();
  });

  it('opens the page that holds the entry a #seq- link names', async () => {
    const api = ledgerApi(300);
    renderPage('/historial/registro#seq-123');

    await waitFor(() => expect(article(123)).toHaveFocus());
    expect(api.calls()).toContain('GET /track-record/ledger?after=100&limit=50');
  });

  it('says so when the ledger or the tip has no entries', async () => {
    ledgerApi(0);
    renderPage();
    expect(await screen.findByText('El registro no tiene entradas todavía.')).toBeVisible();
  });

  it('says so for a tip without entries, and for a link that names no tip', async () => {
    ledgerApi();
    renderPage('/historial/registro?tip=3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b');
    expect(await screen.findByText('Este tip no tiene entradas en el registro.')).toBeVisible();
  });

  it('warns about a link whose tip is not an id and shows the whole ledger', async () => {
    ledgerApi();
    renderPage('/historial/registro?tip=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ese enlace no señala ningún tip');
    await waitFor(() => expect(article(8)).toBeInTheDocument());
  });

  it('shows a loading state, then an error with Reintentar that asks again', async () => {
    let attempts = 0;
    fakeApi({
      'GET /track-record/ledger/head': { body: headOf(8) },
      'GET /track-record/ledger': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { success: false, message: 'Error interno del servidor.' } }
          : { body: { success: true, entries: ALL_ENTRIES } };
      },
    });
    const user = userEvent.setup();
    renderPage();

    expect(screen.getByText('Cargando el registro...')).toHaveAttribute('role', 'status');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos cargar el registro.');
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(article(8)).toBeInTheDocument());
  });
});
