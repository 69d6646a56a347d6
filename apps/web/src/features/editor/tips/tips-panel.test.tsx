import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@magotips/contracts/messages';
import { describe, expect, it } from 'vitest';
import { betTip, managementTip, tipId, tipsByMatch } from '../testing/fixtures';
import { listHandler, renderPanel } from '../testing/tips-panel-harness';
import { IN_RECORD_NOTE } from './tips-panel';

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

  // Issue 29 item 15e: the delete of a tip in the track record could only be refused (409).
  it('offers no Eliminar on a tip in the track record, and says why', async () => {
    const settled = betTip(1, { result: 'ganado', status: 'terminado', locked: true });
    const started = betTip(2, { status: 'en_progreso', locked: true });
    const hidden = betTip(3, {
      status: 'en_progreso',
      locked: true,
      publishedAt: null,
      isPublished: false,
    });
    const ahead = betTip(4, { matchDate: '2099-01-01T12:00:00.000Z' });
    renderPanel({ 'GET /tips': { body: tipsByMatch([settled, started, hidden, ahead], 4) } });
    const row = async (n: number) =>
      (await screen.findByRole('heading', { name: `Partido ${n}` })).closest('li')!;

    for (const n of [1, 2]) {
      const item = await row(n);
      expect(within(item).queryByRole('button', { name: 'Eliminar' })).toBeNull();
      expect(item).toHaveTextContent(IN_RECORD_NOTE);
    }
    for (const n of [3, 4]) {
      const item = await row(n);
      expect(within(item).getByRole('button', { name: 'Eliminar' })).toBeEnabled();
      expect(item).not.toHaveTextContent(IN_RECORD_NOTE);
    }
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
    // What unpublishing does, said as it is: buyers keep the tip (decision 0084).
    expect(alert).toHaveTextContent('quienes compraron el pack seguirán teniéndolo');
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
});
