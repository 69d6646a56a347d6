import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, NOTICE } from '@magotips/contracts/messages';
import { describe, expect, it, vi } from 'vitest';
import { betTip, managementTip, tipId, tipsByMatch } from '../testing/fixtures';
import { confirmPublication } from '../testing/tip-form-harness';
import { listHandler, renderPanel } from '../testing/tips-panel-harness';
import { splitDateTime } from './tip-form-schema';
import { IN_RECORD_NOTE } from './tips-panel';

// userEvent types every character: on a busy shared machine the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 });

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
    await confirmPublication(user);

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

  it('shows the bet, one state per tip and a late publication in the row', async () => {
    renderPanel({
      'GET /tips': {
        body: tipsByMatch(
          [
            betTip(1, { result: 'ganado', status: 'terminado', locked: true }),
            betTip(2, { publishedLate: true, odds: 2.1, stake: 1 }),
            managementTip(3),
            betTip(4, { status: 'en_progreso', locked: true }),
            betTip(5, { status: 'terminado', locked: true }),
            betTip(6, { result: 'perdido', status: 'en_progreso', locked: true }),
          ],
          6,
        ),
      },
    });
    const rowOf = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;
    await screen.findByRole('heading', { name: 'Partido 1' });
    const row1 = rowOf('Partido 1');
    expect(row1).toHaveTextContent('Gana Real Madrid');
    expect(row1).toHaveTextContent('Cuota 1,85');
    expect(row1).toHaveTextContent('Stake 3 u');
    // The proof issue, item 7: tipState's words, the units worked out as the record does.
    expect(within(row1).getByText('Ganado +2,55 u')).toHaveClass('tip-state--ganado');

    const row2 = rowOf('Partido 2');
    expect(row2).toHaveTextContent('Cuota 2,10');
    expect(row2).toHaveTextContent('Stake 1 u');
    expect(within(row2).getByText('Programado')).toHaveClass('tip-state');
    expect(within(row2).getByText('Publicado tras el inicio')).toBeVisible();
    expect(
      within(row2).queryByRole('button', { name: 'Cambiar resultado' }),
    ).not.toBeInTheDocument();

    // An old tip without a bet shows no bet, and says it is an analysis without one.
    const row3 = rowOf('Partido 3');
    expect(row3).not.toHaveTextContent('Cuota');
    expect(within(row3).getByText('Análisis sin apuesta')).toBeVisible();
    expect(within(row1).queryByText('Publicado tras el inicio')).not.toBeInTheDocument();

    expect(within(rowOf('Partido 4')).getByText('En juego')).toBeVisible();
    expect(within(rowOf('Partido 5')).getByText('Pendiente de resultado')).toBeVisible();
    // A result wins over the clock: never "En progreso" beside a result.
    expect(within(rowOf('Partido 6')).getByText('Perdido −3 u')).toBeVisible();
    expect(screen.queryByText(/En progreso/)).not.toBeInTheDocument();
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

    const confirm = screen.getByRole('alertdialog', {
      name: '¿Corregir el resultado a «Perdido»?',
    });
    expect(confirm).toHaveTextContent(/Partido 1.*Gana Real Madrid.*1,85.*Ganado.*Perdido/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(change).toHaveFocus();
    expect(api.calls().some((call) => call.startsWith('PATCH'))).toBe(false);

    await user.click(change);
    await user.click(screen.getByRole('button', { name: 'Medio perdido: Partido 1' }));
    // A correction needs its public reason (the contract's 10 to 300 characters), counted live.
    const reason = screen.getByLabelText('Motivo de la corrección');
    await user.type(reason, 'Error');
    expect(reason).toHaveAccessibleDescription(/5 de 300 caracteres/);
    await user.click(screen.getByRole('button', { name: 'Corregir resultado' }));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining(MSG.correctionReason));
    expect(reason).toHaveFocus();
    expect(api.calls().some((call) => call.startsWith('PATCH'))).toBe(false);

    await user.type(reason, ' de lectura del acta');
    await user.click(screen.getByRole('button', { name: 'Corregir resultado' }));

    expect(await screen.findByText(NOTICE.tipSettled)).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const patch = api.requests().find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ result: 'medio_perdido', reason: 'Error de lectura del acta' });
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
    await user.type(
      screen.getByLabelText('Motivo de la corrección'),
      'El acta corrige el marcador',
    );
    await user.click(screen.getByRole('button', { name: 'Corregir resultado' }));

    const dialog = screen.getByRole('alertdialog');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No se ha guardado el resultado');
    expect(alert).toHaveTextContent(MSG.tipNotTracked);
  });

  it('shows why a tip in the track record can be neither deleted nor hidden', async () => {
    renderPanel({
      'GET /tips': { body: tipsByMatch([betTip(1, { result: 'ganado', locked: true })], 1) },
      [`PATCH /tips/${tipId(1)}`]: {
        status: 409,
        body: { success: false, message: MSG.tipInTrackRecord, code: 'TIP_IN_TRACK_RECORD' },
      },
    });
    const user = userEvent.setup();
    const row = (await screen.findByRole('heading', { name: 'Partido 1' })).closest('li')!;
    // The delete is not offered (decision 0087); the switch's refusal comes from the server.
    expect(within(row).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(row).toHaveTextContent(IN_RECORD_NOTE);

    await user.click(within(row).getByRole('switch', { name: 'Publicado' }));
    expect(await screen.findByText('Error al actualizar la publicación del tip')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.tipInTrackRecord);
  });
});
