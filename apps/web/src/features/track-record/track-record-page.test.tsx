import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PAST_RESULTS_NOTICE } from '@magotips/contracts/responsible-play';
import { renderRoutes } from '../../../test/utils';
import { fakeApi, type FakeRequest } from '../../../test/fake-api';
import { EMPTY_RECORD, HEAD, RECORD, TIPS_PAGE } from './testing/fixtures';
import TrackRecordPage from './track-record-page';

function renderPage(at = '/historial') {
  return renderRoutes([{ path: '/historial', element: <TrackRecordPage /> }], at);
}

function recordApi(record = RECORD) {
  return fakeApi({
    'GET /track-record': { body: { success: true, data: record } },
    'GET /track-record/ledger/head': { body: HEAD },
    'GET /track-record/tips': (request: FakeRequest) => ({
      body: {
        ...TIPS_PAGE,
        pagination: { ...TIPS_PAGE.pagination, page: Number(request.query.get('page') ?? 1) },
      },
    }),
  });
}

// A page of fourteen figures, four charts and twenty rows: slow to render in jsdom on a busy machine.
describe('TrackRecordPage', { timeout: 20_000 }, () => {
  it('shows the headline figures in Spanish formats', async () => {
    recordApi();
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Historial verificado' }),
    ).toBeVisible();
    const figures = await screen.findByRole('region', { name: 'Resumen' });
    const value = (label: string) =>
      within(figures)
        .getByText(label)
        .parentElement?.querySelector('.tr-figure__value')
        ?.textContent?.replace(/\s/g, ' ');
    await waitFor(() => expect(value('Beneficio')).toBe('+38,5 u'));
    // The percent sign follows a no-break space (normalised above).
    expect(value('Yield')).toBe('7,2 %');
    expect(value('Acierto')).toBe('53,7 %');
    expect(value('Tips resueltos')).toBe('412');
    expect(value('Cuota media')).toBe('1,94');
    expect(value('Mejor racha')).toBe('9 tips');
    expect(value('Peor racha')).toBe('5 tips');
    expect(value('Mejor mes')).toBe('+45 u');
    expect(value('Peor mes')).toBe('-6,5 u');
    expect(within(figures).getByText('noviembre de 2026')).toBeVisible();
    // Issue 27's figures.
    expect(value('Stake medio')).toBe('1,4 u');
    expect(value('Yield a 1 u')).toBe('5,4 %');
    expect(value('Máxima caída')).toBe('−12,25 u');
    expect(value('Meses en positivo')).toBe('50,0 %');
    expect(value('CLV')).toBe('3,1 %');
    expect(within(figures).getByText('40 con cierre')).toBeVisible();
    // The hit rate's two sides, halves counted half: (210 + 3) of (210 + 180 + 5).
    expect(within(figures).getByText('213 de 395')).toBeVisible();
    // Issue 32 item 5: under the figures, a small line that they promise nothing.
    expect(within(figures).getByText(`${PAST_RESULTS_NOTICE}.`)).not.toHaveClass(
      'past-results-note--idle',
    );
    expect(screen.getByText(/^Acierto = \(ganados \+ medios ganados ÷ 2\)/)).toBeVisible();
    expect(screen.getByText(/^7 análisis sin apuesta · 3 apuestas pendientes/)).toBeVisible();
    // 412 bets: no small-sample warning.
    expect(screen.queryByText(/Menos de 30 apuestas/)).not.toBeInTheDocument();
  });

  it('draws the curve as an image with a title and a description, and its data as a table', async () => {
    recordApi();
    const user = userEvent.setup();
    renderPage();

    const chart = await screen.findByRole('img', { name: 'Beneficio acumulado en unidades' });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart.querySelector('title')).toHaveTextContent('Beneficio acumulado en unidades');
    expect(chart).toHaveAccessibleDescription(
      'Del 3 de octubre de 2026 al 24 de noviembre de 2026, 4 días con tips resueltos. Termina en +38,5 u; lo más alto, +38,5 u; lo más bajo, -6,5 u.',
    );

    await user.click(screen.getByText('Ver los datos'));
    const table = screen.getByRole('table', { name: 'Beneficio acumulado por día' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(rows[4]).toHaveTextContent('24 nov 2026+38,5 u');
  });

  it('shows the months, the sports table and the settled tips with their badges', async () => {
    recordApi();
    renderPage();

    const months = await screen.findByRole('region', { name: 'Mes a mes' });
    const items = within(months).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('noviembre de 2026+45 u · yield 16,0 % · 212 tips');

    const sports = screen.getByRole('table', { name: 'Resultados por deporte' });
    const rows = within(sports).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Fútbol292+42,75 u384 u11,1 %55,0 %');
    expect(rows[2]).toHaveTextContent('Tenis120-4,25 u150 u-2,8 %50,0 %');
    // The same figures as cards, which a phone shows instead of the table (the stylesheet picks).
    const cards = within(screen.getByRole('list', { name: 'Resultados por deporte' }));
    expect(cards.getAllByRole('listitem')[0]).toHaveTextContent(
      'FútbolBeneficio+42,75 uYield11,1 %Acierto55,0 %Tips292Apostado384 u',
    );

    const bands = screen.getByRole('region', { name: 'Yield por cuota' });
    const bandCards = within(bands).getAllByRole('listitem');
    expect(bandCards).toHaveLength(4);
    expect(bandCards[1]).toHaveTextContent('De 1,50 a 1,99Yield10,2 %Beneficio+30,5 uTips250');
    // A band without bets still has its card.
    expect(bandCards[3]).toHaveTextContent('3,00 o másYield—Beneficio0 uTips0');
    // The breakdowns end with their own reminder.
    expect(within(bands).getByText(`${PAST_RESULTS_NOTICE}.`)).toBeVisible();

    const tips = screen.getByRole('region', { name: 'Tips resueltos' });
    const first = await within(tips).findByRole('heading', { name: 'Real Madrid vs Barcelona' });
    const card = first.closest('article');
    expect(card).toHaveTextContent('Ganado +2,55 u');
    expect(card).toHaveTextContent('Ambos marcan @ 1,85 · 3 u · Bet365');
    expect(card).toHaveTextContent('Fútbol');
    expect(card).toHaveTextContent('Gratis');
    expect(within(tips).getByText('Perdido −2 u')).toHaveClass('result-badge--lost');
    expect(within(tips).getByText('Página 1 de 3 · 45 tips')).toBeVisible();
  });

  it('keeps the filters in the URL and asks the API with them; back returns', async () => {
    const api = recordApi();
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole('img', { name: 'Beneficio acumulado en unidades' });

    await user.selectOptions(screen.getByLabelText('Periodo'), 'Últimos 90 días');
    await user.selectOptions(screen.getByLabelText('Categoría'), 'VIP');
    await user.selectOptions(screen.getByLabelText('Deporte'), 'Tenis');

    expect(router.state.location.search).toBe('?periodo=90d&categoria=premium&deporte=tennis');
    await waitFor(() =>
      expect(api.calls()).toContain('GET /track-record?period=90d&category=premium&sport=tennis'),
    );
    expect(api.calls()).toContain(
      'GET /track-record/tips?period=90d&category=premium&sport=tennis',
    );

    await router.navigate(-1);
    await waitFor(() =>
      expect(router.state.location.search).toBe('?periodo=90d&categoria=premium'),
    );
    await waitFor(() => expect(screen.getByLabelText('Deporte')).toHaveValue(''));
    expect(screen.getByLabelText('Categoría')).toHaveValue('premium');
  });

  it('reads the filters and the page from a shared link, ignoring unknown values', async () => {
    const api = recordApi();
    renderPage('/historial?periodo=30d&deporte=curling&pagina=2');

    expect(await screen.findByText('Página 2 de 3 · 45 tips')).toBeVisible();
    expect(screen.getByLabelText('Periodo')).toHaveValue('30d');
    expect(screen.getByLabelText('Deporte')).toHaveValue('');
    expect(api.calls()).toEqual(
      expect.arrayContaining([
        'GET /track-record?period=30d',
        'GET /track-record/tips?period=30d&page=2',
      ]),
    );
    expect(api.calls().filter((call) => call.startsWith('GET /track-record?'))).toHaveLength(1);
  });

  it('pages through the settled tips in the URL; a new filter goes back to page 1', async () => {
    recordApi();
    const user = userEvent.setup();
    const { router } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Siguiente' }));
    expect(router.state.location.search).toBe('?pagina=2');
    expect(await screen.findByText('Página 2 de 3 · 45 tips')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Categoría'), 'Gratis');
    expect(router.state.location.search).toBe('?categoria=free');
  });

  it('says so while nothing is settled, and shows no empty chart', async () => {
    recordApi(EMPTY_RECORD);
    renderPage();

    expect(await screen.findByText('Todavía no hay tips resueltos.')).toBeVisible();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tips resueltos' })).not.toBeInTheDocument();
  });

  it('shows placeholders while loading, then an error with Reintentar that asks again', async () => {
    let attempts = 0;
    fakeApi({
      'GET /track-record': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { success: false, message: 'Error interno del servidor.' } }
          : { body: { success: true, data: RECORD } };
      },
      'GET /track-record/tips': { body: TIPS_PAGE },
      'GET /track-record/ledger/head': { body: HEAD },
    });
    const user = userEvent.setup();
    const { container } = renderPage();

    expect(screen.getByText('Cargando el historial...')).toHaveAttribute('role', 'status');
    expect(container.querySelector('.tr-figures.tr-ghost')).toBeInTheDocument();
    expect(container.querySelector('.tr-curve__plot.tr-ghost')).toBeInTheDocument();
    // The note under the figures holds its place, unseen, while they load.
    expect(container.querySelector('.past-results-note')).toHaveClass('past-results-note--idle');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos cargar el historial.');
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByRole('img', { name: 'Beneficio acumulado en unidades' }),
    ).toBeVisible();
  });

  it('explains how the figures are computed', async () => {
    recordApi();
    const user = userEvent.setup();
    renderPage();

    await user.click(screen.getByText('Cómo se calcula'));
    expect(screen.getByText(/Beneficio = stake × \(cuota − 1\)/)).toBeVisible();
    expect(screen.getByText(/publicados tras el inicio del partido nunca cuentan/)).toBeVisible();
  });
});
