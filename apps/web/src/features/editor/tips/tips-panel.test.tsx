import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, NOTICE } from '@magotips/contracts/messages';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, storeSession } from '../../../../test/utils';
import { fakeApi, type FakeRequest } from '../../../../test/fake-api';
import { betTip, EDITOR, managementTip, tipId, tipsByMatch } from '../testing/fixtures';
import { splitDateTime } from './tip-form-schema';
import { TipsPanel } from './tips-panel';

const PAGE_1 = Array.from({ length: 10 }, (_, i) => managementTip(i + 1));
const PAGE_2 = [managementTip(11), managementTip(12, { isPublished: false })];

/** The list by match date: the top page, and the one after cursor 'c1' (and back). */
function listHandler(request: FakeRequest) {
  return request.query.get('after') === 'c1'
    ? { body: tipsByMatch(PAGE_2, 12, { previous: 'c2' }) }
    : { body: tipsByMatch(PAGE_1, 12, { next: 'c1' }) };
}

function renderPanel(handlers: Parameters<typeof fakeApi>[0]) {
  storeSession(EDITOR);
  const api = fakeApi(handlers, { user: EDITOR });
  renderWithApp(<TipsPanel />);
  return api;
}

describe('TipsPanel', () => {
  it('labels a scheduled draft with when it is published, in place of "Oculto"', async () => {
    const at = '2099-05-20T16:45:00.000Z';
    const scheduled = managementTip(1, { isPublished: false, publishedAt: null, publishAt: at });
    renderPanel({ 'GET /tips': { body: tipsByMatch([scheduled], 1) } });
    const item = (await screen.findByRole('heading', { name: 'Partido 1' })).closest('li');
    if (!item) throw new Error('no list item');
    const badge = within(item).getByText(/Se publica el/);
    expect(badge.querySelector('time')).toHaveAttribute('dateTime', at);
    expect(within(item).queryByText('Oculto')).toBeNull();
  });

  it('moves through the tips 10 at a time with Anteriores and Siguientes, with the total', async () => {
    const api = renderPanel({ 'GET /tips': listHandler });
    const user = userEvent.setup();

    expect(screen.getByText('Cargando tips...')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Partido 1' })).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('12 tips en total')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Páginas de tips' });
    expect(within(nav).getByText(/^Partidos del .+ · 12 tips$/)).toBeVisible();
    const previous = screen.getByRole('button', { name: '← Anteriores' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    // Pressing it at the top does nothing: no request, the focus stays where it was.
    await user.click(previous);
    expect(previous).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Siguientes →' }));
    expect(await screen.findByRole('heading', { name: 'Partido 12' })).toBeVisible();
    expect(screen.getByText('Oculto')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Siguientes →' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(previous).toHaveAttribute('aria-disabled', 'false');

    // From the keyboard: back with Enter on "Anteriores".
    previous.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Partido 1' })).toBeVisible();
    expect(api.calls()).toEqual([
      'GET /tips?management=true&limit=10&order=match',
      'GET /tips?management=true&limit=10&after=c1',
      'GET /tips?management=true&limit=10&before=c2',
    ]);
  });

  it('jumps to a date typed in the field: the tips of that day and before', async () => {
    const jumped = [managementTip(7), managementTip(8)];
    const api = renderPanel({
      'GET /tips': (request) =>
        request.query.get('from')
          ? { body: tipsByMatch(jumped, 12, { previous: 'c3' }) }
          : listHandler(request),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Partido 1' });

    // Ir with an empty field: the field says why and takes the focus.
    await user.click(screen.getByRole('button', { name: 'Ir' }));
    const field = screen.getByLabelText('Ir a la fecha del partido');
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(/Elige una fecha para ir a ella/);
    expect(api.calls()).toHaveLength(1);

    await user.type(field, '2026-03-14');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Partido 7' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Partido 1' })).toBeNull();
    expect(api.calls()[1]).toBe(
      `GET /tips?management=true&limit=10&from=${encodeURIComponent(
        new Date(2026, 2, 14, 23, 59, 59, 999).toISOString(),
      )}`,
    );

    // "Más recientes" goes back to the top and clears the field.
    await user.click(screen.getByRole('button', { name: 'Más recientes' }));
    expect(await screen.findByRole('heading', { name: 'Partido 1' })).toBeVisible();
    expect(field).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Más recientes' })).toBeNull();
  });

  it('keeps the way back on a page with no tips, and says so', async () => {
    renderPanel({
      'GET /tips': (request) =>
        request.query.get('from')
          ? { body: tipsByMatch([], 12, { previous: 'c4' }) }
          : listHandler(request),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Partido 1' });
    await user.type(screen.getByLabelText('Ir a la fecha del partido'), '1999-01-01');
    await user.click(screen.getByRole('button', { name: 'Ir' }));
    expect(await screen.findByText(/No hay tips en esta página/)).toBeVisible();
    expect(screen.getByText(/^Ningún tip en esta página · 12 tips$/)).toBeVisible();
    expect(screen.getByRole('button', { name: '← Anteriores' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
  });

  it('starts again from the top when the server refuses the position', async () => {
    let refuse = true;
    const api = renderPanel({
      'GET /tips': (request) =>
        request.query.get('after') && refuse
          ? {
              status: 400,
              body: { success: false, message: MSG.tipCursorInvalid, code: 'VALIDATION_ERROR' },
            }
          : listHandler(request),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Partido 1' });
    await user.click(screen.getByRole('button', { name: 'Siguientes →' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Error: ${MSG.tipCursorInvalid}`);
    refuse = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Partido 1' })).toBeVisible();
    expect(api.calls().at(-1)).toBe('GET /tips?management=true&limit=10&order=match');
  });

  it("shows 'Error: <message>' with Reintentar when the list fails", async () => {
    let fail = true;
    renderPanel({
      'GET /tips': (request) =>
        fail
          ? { status: 500, body: { success: false, message: 'Base de datos caída', code: 'X' } }
          : listHandler(request),
    });
    const user = userEvent.setup();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error: Base de datos caída');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Partido 1' })).toBeVisible();
  });

  it('asks before deleting and deletes only on Eliminar', async () => {
    const api = renderPanel({
      'GET /tips': listHandler,
      [`DELETE /tips/${tipId(1)}`]: { body: { success: true } },
    });
    const user = userEvent.setup();
    const row = (await screen.findByRole('heading', { name: 'Partido 1' })).closest('li')!;

    await user.click(within(row).getByRole('button', { name: 'Eliminar' }));
    const dialog = screen.getByRole('alertdialog', {
      name: '¿Estás seguro de que quieres eliminar este tip?',
    });
    expect(dialog).toHaveTextContent('Partido 1');
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls().some((call) => call.startsWith('DELETE'))).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Eliminar' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }),
    );
    expect(await screen.findByText('Tip eliminado.')).toBeVisible();
    expect(api.calls()).toContain(`DELETE /tips/${tipId(1)}`);
  });

  it('explains why a sold tip stays and offers to unpublish it instead', async () => {
    const api = renderPanel({
      'GET /tips': listHandler,
      [`DELETE /tips/${tipId(1)}`]: {
        status: 409,
        body: { success: false, message: MSG.tipInSoldPack, code: 'TIP_IN_SOLD_PACK' },
      },
      [`PATCH /tips/${tipId(1)}`]: { body: { success: true } },
    });
    const user = userEvent.setup();
    const row = (await screen.findByRole('heading', { name: 'Partido 1' })).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Eliminar' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al eliminar el tip');
    expect(alert).toHaveTextContent(MSG.tipInSoldPack);
    await user.click(within(alert).getByRole('button', { name: 'Despublicar' }));

    expect(await screen.findByText('Tip ocultado.')).toBeVisible();
    const patch = api.requests().find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ isPublished: false });
  });

  it('toggles publication with PATCH { isPublished }', async () => {
    const api = renderPanel({
      'GET /tips': listHandler,
      [`PATCH /tips/${tipId(2)}`]: { body: { success: true } },
    });
    const user = userEvent.setup();
    const row = (await screen.findByRole('heading', { name: 'Partido 2' })).closest('li')!;
    const toggle = within(row).getByRole('switch', { name: 'Publicado' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');

    await user.click(toggle);

    expect(await screen.findByText('Tip ocultado.')).toBeVisible();
    const patch = api.requests().find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ isPublished: false });
  });

  it('names a failed toggle', async () => {
    renderPanel({
      'GET /tips': listHandler,
      [`PATCH /tips/${tipId(2)}`]: {
        status: 403,
        body: { success: false, message: 'Sin permiso', code: 'FORBIDDEN' },
      },
    });
    const user = userEvent.setup();
    const row = (await screen.findByRole('heading', { name: 'Partido 2' })).closest('li')!;
    await user.click(within(row).getByRole('switch', { name: 'Publicado' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al actualizar la publicación del tip');
    expect(alert).toHaveTextContent('Sin permiso');
  });

  it('creates a tip from the form and returns to the list', async () => {
    const api = renderPanel({
      'GET /tips': listHandler,
      'POST /tips': { status: 201, body: { success: true, tip: managementTip(99) } },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Partido 1' });

    await user.click(screen.getByRole('button', { name: 'Nuevo tip' }));
    expect(screen.getByRole('heading', { name: 'Nuevo tip' })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: /NFL/ }));
    await user.type(screen.getByLabelText('Título'), 'Chiefs vs. Bills');
    await user.type(screen.getByLabelText('Fecha del partido'), '2099-05-01');
    await user.type(screen.getByLabelText('Hora del partido'), '20:30');
    await user.type(screen.getByLabelText('Análisis'), 'Bills +3.');
    await user.type(screen.getByLabelText('Pronóstico'), 'Bills +3');
    await user.type(screen.getByLabelText('Cuota'), '1.91');
    await user.type(screen.getByLabelText('Stake (unidades)'), '2');
    await user.click(screen.getByRole('radio', { name: 'VIP (premium)' }));
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await user.click(screen.getByRole('button', { name: 'Crear tip' }));

    // Issue 13, item 16: the result takes the focus the closed form held, and comes into view.
    const notice = await screen.findByText('Tip creado.');
    expect(notice).toBeVisible();
    expect(notice).toHaveFocus();
    expect(scrolled.mock.contexts).toContain(notice);
    // The list then goes to the saved tip's date: by match date it may be on any page.
    await waitFor(() =>
      expect(api.calls().at(-1)).toBe(
        `GET /tips?management=true&limit=10&from=${encodeURIComponent(managementTip(99).matchDate)}`,
      ),
    );
    expect(screen.getByLabelText('Ir a la fecha del partido')).toHaveValue(
      splitDateTime(managementTip(99).matchDate).date,
    );
    const post = api.requests().find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      icon: 'american-futball',
      title: 'Chiefs vs. Bills',
      matchDate: new Date('2099-05-01T20:30').toISOString(),
      analisis: 'Bills +3.',
      category: 'premium',
      isPublished: true,
      pick: 'Bills +3',
      odds: 1.91,
      stake: 2,
      bookmaker: null,
    });
  });

  it('shows the bet, its result and a late publication in the row', async () => {
    renderPanel({
      'GET /tips': {
        body: tipsByMatch(
          [
            betTip(1, { result: 'ganado', locked: true }),
            betTip(2, { publishedLate: true, odds: 2.1, stake: 1 }),
            managementTip(3),
          ],
          3,
        ),
      },
    });
    const settled = await screen.findByRole('heading', { name: 'Partido 1' });
    const row1 = settled.closest('li')!;
    expect(row1).toHaveTextContent('Gana Real Madrid');
    expect(row1).toHaveTextContent('Cuota 1,85');
    expect(row1).toHaveTextContent('Stake 3 u');
    expect(row1).toHaveTextContent('Resultado Ganado');
    expect(within(row1).getByText('Ganado')).toHaveClass('result-badge');

    const row2 = screen.getByRole('heading', { name: 'Partido 2' }).closest('li')!;
    expect(row2).toHaveTextContent('Cuota 2,10');
    expect(row2).toHaveTextContent('Stake 1 u');
    expect(within(row2).getByText('Pendiente', { selector: '.result-badge' })).toBeVisible();
    expect(row2).toHaveTextContent('Resultado Pendiente');
    expect(within(row2).getByText('Publicado tras el inicio')).toBeVisible();
    expect(
      within(row2).queryByRole('button', { name: 'Cambiar resultado' }),
    ).not.toBeInTheDocument();

    // An old tip without a bet shows neither a bet nor a result.
    const row3 = screen.getByRole('heading', { name: 'Partido 3' }).closest('li')!;
    expect(row3).not.toHaveTextContent('Cuota');
    expect(row3.querySelector('.result-badge')).toBeNull();
    expect(within(row1).queryByText('Publicado tras el inicio')).not.toBeInTheDocument();
  });

  it('changes a settled result only after a confirmation', async () => {
    const api = renderPanel({
      'GET /tips': { body: tipsByMatch([betTip(1, { result: 'ganado', locked: true })], 1) },
      [`PATCH /tips/${tipId(1)}/result`]: {
        body: { success: true, message: NOTICE.tipSettled, tip: betTip(1, { result: 'perdido' }) },
      },
    });
    const user = userEvent.setup();
    const row = (await screen.findByRole('heading', { name: 'Partido 1' })).closest('li')!;
    const change = within(row).getByRole('button', { name: 'Cambiar resultado' });
    expect(change).toHaveAccessibleDescription('Partido 1');

    await user.click(change);
    const chooser = screen.getByRole('dialog', { name: 'Cambiar el resultado' });
    // The current result is not offered again.
    expect(
      within(chooser).queryByRole('button', { name: 'Ganado: Partido 1' }),
    ).not.toBeInTheDocument();
    await user.click(within(chooser).getByRole('button', { name: 'Perdido: Partido 1' }));

    const confirm = screen.getByRole('alertdialog', { name: '¿Cambiar el resultado a «Perdido»?' });
    expect(confirm).toHaveTextContent('«Partido 1» pasa de Ganado a Perdido.');
    expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls().some((call) => call.startsWith('PATCH'))).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Cambiar resultado' }));
    await user.click(screen.getByRole('button', { name: 'Medio perdido: Partido 1' }));
    await user.click(screen.getByRole('button', { name: 'Sí, cambiar' }));

    expect(await screen.findByText(NOTICE.tipSettled)).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const patch = api.requests().find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ result: 'medio_perdido' });
  });

  it("shows the server's reason when a changed result is refused", async () => {
    renderPanel({
      'GET /tips': { body: tipsByMatch([betTip(1, { result: 'nulo', locked: true })], 1) },
      [`PATCH /tips/${tipId(1)}/result`]: {
        status: 409,
        body: { success: false, code: 'TIP_NOT_TRACKED', message: MSG.tipNotTracked },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cambiar resultado' }));
    await user.click(screen.getByRole('button', { name: 'Ganado: Partido 1' }));
    await user.click(screen.getByRole('button', { name: 'Sí, cambiar' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cambiar el resultado');
    expect(alert).toHaveTextContent(MSG.tipNotTracked);
  });

  it('shows why a tip in the track record can be neither deleted nor hidden', async () => {
    renderPanel({
      'GET /tips': { body: tipsByMatch([betTip(1, { result: 'ganado', locked: true })], 1) },
      [`DELETE /tips/${tipId(1)}`]: {
        status: 409,
        body: { success: false, message: MSG.tipInTrackRecord, code: 'TIP_IN_TRACK_RECORD' },
      },
      [`PATCH /tips/${tipId(1)}`]: {
        status: 409,
        body: { success: false, message: MSG.tipInTrackRecord, code: 'TIP_IN_TRACK_RECORD' },
      },
    });
    const user = userEvent.setup();
    const row = (await screen.findByRole('heading', { name: 'Partido 1' })).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Eliminar' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.tipInTrackRecord);
    // Hiding it would be refused too: no Despublicar offered.
    expect(within(alert).queryByRole('button', { name: 'Despublicar' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('switch', { name: 'Publicado' }));
    expect(await screen.findByText('Error al actualizar la publicación del tip')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.tipInTrackRecord);
  });
});
