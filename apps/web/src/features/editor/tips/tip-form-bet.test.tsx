import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@magotips/contracts/messages';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, storeSession } from '../../../../test/utils';
import { fakeApi } from '../../../../test/fake-api';
import { betTip, EDITOR, managementTip } from '../testing/fixtures';
import { confirmPublication, fillBet, fillMatch, renderForm } from '../testing/tip-form-harness';
import { TIP_LOCKED_NOTE, TipForm } from './tip-form';

// userEvent types every character: on a busy shared machine the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 });

describe('TipForm: the bet (issue 14)', () => {
  it(
    'sends Spanish odds "1,85" as 1.85, with the stake as a number and the bookmaker',
    { timeout: 15_000 },
    async () => {
      const { api, onSaved } = renderForm();
      const user = userEvent.setup();
      await fillMatch(user);
      await fillBet(user, { pick: 'Gana Real Madrid', odds: '1,85', stake: '3' });
      await user.type(screen.getByLabelText('Casa de apuestas (opcional)'), 'Bet365');
      await user.click(screen.getByRole('button', { name: 'Crear tip' }));
      await confirmPublication(user);

      expect(onSaved).toHaveBeenCalledWith('Tip creado.', expect.anything());
      const post = api.requests().find((call) => call.method === 'POST');
      expect(post?.body).toMatchObject({
        pick: 'Gana Real Madrid',
        odds: 1.85,
        stake: 3,
        bookmaker: 'Bet365',
      });
    },
  );

  it('offers a decimal keyboard for the odds, tied to its hint', () => {
    renderForm();
    const odds = screen.getByLabelText('Cuota');
    expect(odds).toHaveAttribute('inputmode', 'decimal');
    expect(odds).toHaveAccessibleDescription('Cuota decimal, con coma o punto. Ej.: 1,85');
  });

  it('asks for pick, odds and stake together on a new tip, and clears each as it changes', async () => {
    const { api } = renderForm();
    const user = userEvent.setup();
    await fillMatch(user);
    await user.click(screen.getByRole('button', { name: 'Crear tip' }));

    expect(await screen.findByText(MSG.pickRequired)).toBeVisible();
    expect(screen.getByText(MSG.oddsRequired)).toBeVisible();
    expect(screen.getByText(MSG.stakeRequired)).toBeVisible();
    expect(screen.getByLabelText('Pronóstico')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Pronóstico')).toHaveAccessibleDescription(MSG.pickRequired);
    expect(screen.getByLabelText('Cuota')).toHaveAccessibleDescription(
      expect.stringContaining(MSG.oddsRequired),
    );
    expect(api.calls()).toEqual([]);

    await user.type(screen.getByLabelText('Pronóstico'), 'G');
    expect(screen.queryByText(MSG.pickRequired)).not.toBeInTheDocument();
    expect(screen.getByText(MSG.oddsRequired)).toBeVisible();
  });

  it.each([
    ['1,855', MSG.oddsDecimals],
    ['1', MSG.oddsRange],
    ['abc', MSG.oddsInvalid],
  ])('refuses odds "%s" with the contract message', async (odds, message) => {
    const { api } = renderForm();
    const user = userEvent.setup();
    await fillMatch(user);
    await fillBet(user, { pick: 'Gana Real Madrid', odds, stake: '3' });
    await user.click(screen.getByRole('button', { name: 'Crear tip' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(api.calls()).toEqual([]);
  });

  it('refuses a stake outside 1 to 10', async () => {
    renderForm();
    const user = userEvent.setup();
    await fillMatch(user);
    await fillBet(user, { pick: 'Gana Real Madrid', odds: '1,85', stake: '11' });
    await user.click(screen.getByRole('button', { name: 'Crear tip' }));
    expect(await screen.findByText(MSG.stakeRange)).toBeVisible();
  });

  it('on an old tip without a bet, "Con apuesta" asks for the whole bet', async () => {
    const { api } = renderForm(managementTip(1, { matchDate: '2099-01-01T12:00:00.000Z' }));
    const user = userEvent.setup();
    expect(screen.getByRole('radio', { name: 'Análisis sin apuesta' })).toBeChecked();
    expect(screen.queryByLabelText('Cuota')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Con apuesta' }));
    await user.type(screen.getByLabelText('Cuota'), '2,10');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText(MSG.pickRequired)).toBeVisible();
    expect(screen.getByLabelText('Stake (unidades)')).toHaveAccessibleDescription(
      expect.stringContaining(MSG.stakeRequired),
    );
    expect(api.calls()).toEqual([]);
  });

  it('prefills a bet in Spanish and sends it whole when editing', async () => {
    const tip = betTip(1, { matchDate: '2099-01-01T12:00:00.000Z' });
    storeSession(EDITOR);
    const api = fakeApi(
      { [`PUT /tips/${tip._id}`]: { body: { success: true, tip } } },
      { user: EDITOR },
    );
    const user = userEvent.setup();
    renderWithApp(<TipForm tip={tip} onCancel={vi.fn()} onSaved={vi.fn()} />);
    expect(screen.getByLabelText('Pronóstico')).toHaveValue('Gana Real Madrid');
    expect(screen.getByLabelText('Cuota')).toHaveValue('1,85');
    expect(screen.getByLabelText('Stake (unidades)')).toHaveValue(3);

    await user.clear(screen.getByLabelText('Cuota'));
    await user.type(screen.getByLabelText('Cuota'), '2.05');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await vi.waitFor(() => expect(api.calls()).toEqual([`PUT /tips/${tip._id}`]));
    expect(api.requests()[0]?.body).toMatchObject({
      pick: 'Gana Real Madrid',
      odds: 2.05,
      stake: 3,
      bookmaker: 'Bet365',
    });
  });

  it('after kick-off fixes the match and the bet, and saves the analysis', async () => {
    const tip = betTip(1, {
      matchDate: '2025-08-10T12:00:30.000Z',
      category: 'premium',
      status: 'en_progreso',
      locked: true,
    });
    storeSession(EDITOR);
    const api = fakeApi(
      { [`PUT /tips/${tip._id}`]: { body: { success: true, tip } } },
      { user: EDITOR },
    );
    const user = userEvent.setup();
    renderWithApp(<TipForm tip={tip} onCancel={vi.fn()} onSaved={vi.fn()} />);

    expect(screen.getByText(TIP_LOCKED_NOTE)).toBeVisible();
    expect(TIP_LOCKED_NOTE).toMatch(/^Partido empezado: el partido \(título, deporte, fecha/);
    for (const label of [
      'Título',
      'Pronóstico',
      'Cuota',
      'Stake (unidades)',
      'Casa de apuestas (opcional)',
      'Fecha del partido',
      'Hora del partido',
    ]) {
      const input = screen.getByLabelText(label);
      expect(input).toBeDisabled();
      expect(input).toHaveAccessibleDescription(expect.stringContaining(TIP_LOCKED_NOTE));
    }
    for (const name of ['Gratis', 'VIP (premium)', 'Fútbol', 'Con apuesta', 'Análisis sin apuesta'])
      expect(screen.getByRole('radio', { name })).toBeDisabled();
    expect(screen.getByLabelText('Análisis')).toBeEnabled();

    await user.type(screen.getByLabelText('Análisis'), ' Corregido.');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await vi.waitFor(() => expect(api.calls()).toEqual([`PUT /tips/${tip._id}`]));
    const body = api.requests()[0]?.body;
    // The stored match word for word (the inputs drop the date's seconds), the bet left out.
    expect(body).toMatchObject({
      title: 'Partido 1',
      icon: 'football',
      matchDate: '2025-08-10T12:00:30.000Z',
      category: 'premium',
      analisis: 'Análisis del partido 1. Corregido.',
    });
    expect(body).not.toHaveProperty('bookmaker');
    expect(body).not.toHaveProperty('pick');
    expect(body).not.toHaveProperty('odds');
    expect(body).not.toHaveProperty('stake');
  });

  it("shows the server's message when it answers 409 TIP_LOCKED", async () => {
    const tip = betTip(1, { matchDate: '2099-01-01T12:00:00.000Z' });
    storeSession(EDITOR);
    fakeApi(
      {
        [`PUT /tips/${tip._id}`]: {
          status: 409,
          body: { success: false, code: 'TIP_LOCKED', message: MSG.tipLocked },
        },
      },
      { user: EDITOR },
    );
    const user = userEvent.setup();
    renderWithApp(<TipForm tip={tip} onCancel={vi.fn()} onSaved={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al guardar el tip');
    expect(alert).toHaveTextContent(MSG.tipLocked);
  });
});
