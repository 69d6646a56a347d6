import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, NOTICE } from '@magotips/contracts/messages';
import { describe, expect, it, vi } from 'vitest';
import { betTip, managementTip, tipId, tipsByMatch } from '../testing/fixtures';
import { listHandler, renderPanel } from '../testing/tips-panel-harness';
import { splitDateTime } from './tip-form-schema';

describe('TipsPanel: creating a tip, its bet and result, and the record', () => {
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
