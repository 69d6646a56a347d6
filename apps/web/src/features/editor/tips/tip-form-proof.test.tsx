import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@magotips/contracts/messages';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, storeSession } from '../../../../test/utils';
import { fakeApi } from '../../../../test/fake-api';
import { betTip, EDITOR } from '../testing/fixtures';
import { confirmPublication, fillBet, fillMatch, renderForm } from '../testing/tip-form-harness';
import { NO_BET_HINT } from './bet-choice';
import { TipForm } from './tip-form';

// userEvent types every character: on a busy shared machine the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 });

const FUTURE = '2099-01-01T12:00:00.000Z';

function renderEdit(tip: ReturnType<typeof betTip>, answer?: { status: number; body: unknown }) {
  storeSession(EDITOR);
  const api = fakeApi(
    { [`PUT /tips/${tip._id}`]: answer ?? { body: { success: true, tip } } },
    { user: EDITOR },
  );
  const onSaved = vi.fn();
  renderWithApp(<TipForm tip={tip} onCancel={vi.fn()} onSaved={onSaved} />);
  return { api, onSaved };
}

describe('TipForm: "Con apuesta" or "Análisis sin apuesta" (the proof issue, item 5)', () => {
  it('is an explicit radio group, "Con apuesta" for a new tip, with the record hint', async () => {
    renderForm();
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Apuesta' });
    expect(group).toHaveAccessibleDescription(NO_BET_HINT);
    const withBet = within(group).getByRole('radio', { name: 'Con apuesta' });
    expect(withBet).toBeChecked();
    expect(screen.getByLabelText('Pronóstico')).toBeVisible();

    // From the keyboard: the arrow keys move within the group.
    withBet.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: 'Análisis sin apuesta' })).toBeChecked();
    expect(screen.queryByLabelText('Pronóstico')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Cuota')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Stake (unidades)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Casa de apuestas (opcional)')).not.toBeInTheDocument();
  });

  it('creates an analysis without a bet: no bet field is sent', async () => {
    const { api, onSaved } = renderForm();
    const user = userEvent.setup();
    await fillMatch(user);
    await user.click(screen.getByRole('radio', { name: 'Análisis sin apuesta' }));
    await user.click(screen.getByRole('button', { name: 'Crear tip' }));
    await confirmPublication(user);

    expect(onSaved).toHaveBeenCalledWith('Tip creado.', expect.anything());
    const body = api.requests().find((call) => call.method === 'POST')?.body;
    expect(body).toMatchObject({ title: 'Real Madrid vs. Betis', analisis: 'Texto' });
    for (const key of ['pick', 'odds', 'stake', 'bookmaker']) expect(body).not.toHaveProperty(key);
  });

  it('opens a tip with a bet on "Con apuesta"; "Análisis sin apuesta" clears its bet', async () => {
    const tip = betTip(1, { matchDate: FUTURE });
    const { api } = renderEdit(tip);
    const user = userEvent.setup();
    expect(screen.getByRole('radio', { name: 'Con apuesta' })).toBeChecked();
    expect(screen.getByLabelText('Pronóstico')).toHaveValue('Gana Real Madrid');
    await user.click(screen.getByRole('radio', { name: 'Análisis sin apuesta' }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await vi.waitFor(() => expect(api.calls()).toEqual([`PUT /tips/${tip._id}`]));
    expect(api.requests()[0]?.body).toMatchObject({
      pick: null,
      odds: null,
      stake: null,
      bookmaker: null,
      matchDate: FUTURE,
    });
  });
});

describe('TipForm: a VIP title never names its pick (the proof issue, item 4)', () => {
  it('warns as the editor types, refuses the submit with the same words, and saves once fixed', async () => {
    const { api, onSaved } = renderForm();
    const user = userEvent.setup();
    await fillMatch(user);
    await fillBet(user, { pick: 'Gana Betis', odds: '1,85', stake: '2' });
    const title = screen.getByLabelText('Título');
    await user.clear(title);
    await user.type(title, 'Betis vs. Sevilla: GANA  Bétis');
    // A free tip may name its pick.
    expect(screen.queryByText(MSG.vipTitleHasPick)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'VIP (premium)' }));
    // Compared without case, accents or extra spaces, as the API does (titleGivesPickAway).
    expect(screen.getByRole('status')).toHaveTextContent(MSG.vipTitleHasPick);
    expect(title).toHaveAccessibleDescription(MSG.vipTitleHasPick);

    await user.click(screen.getByRole('button', { name: 'Crear tip' }));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(MSG.vipTitleHasPick);
    // Shown once: as the error, the warning steps aside.
    expect(screen.getAllByText(MSG.vipTitleHasPick)).toHaveLength(1);
    expect(api.calls()).toEqual([]);

    await user.clear(title);
    await user.type(title, 'Betis vs. Sevilla');
    expect(screen.queryByText(MSG.vipTitleHasPick)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crear tip' }));
    await confirmPublication(user);
    expect(onSaved).toHaveBeenCalled();
    expect(api.requests().find((call) => call.method === 'POST')?.body).toMatchObject({
      title: 'Betis vs. Sevilla',
      category: 'premium',
      pick: 'Gana Betis',
    });
  });

  it("shows the API's 400 when it comes anyway (the stored pick, say)", async () => {
    const tip = betTip(1, { matchDate: FUTURE, category: 'premium' });
    renderEdit(tip, {
      status: 400,
      body: { success: false, code: 'VALIDATION_ERROR', message: MSG.vipTitleHasPick },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al guardar el tip');
    expect(alert).toHaveTextContent(MSG.vipTitleHasPick);
  });
});

describe('TipForm: the match date (the proof issue, item 1)', () => {
  it('refuses moving a stored date into the past, and keeps a past stored date as it was', async () => {
    // Not yet locked (say the clock of the list is behind): the date was stored in the past.
    const tip = betTip(1, { matchDate: '2020-05-10T18:00:45.000Z' });
    const { api } = renderEdit(tip);
    const user = userEvent.setup();
    const date = screen.getByLabelText('Fecha del partido');
    await user.clear(date);
    await user.type(date, '2021-05-10');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(MSG.matchDateFuture)).toBeVisible();
    expect(api.calls()).toEqual([]);

    await user.clear(date);
    await user.type(date, new Date(tip.matchDate).toLocaleDateString('sv'));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await vi.waitFor(() => expect(api.calls()).toEqual([`PUT /tips/${tip._id}`]));
    // Sent word for word: the inputs drop the seconds, the server compares the instant.
    expect(api.requests()[0]?.body).toMatchObject({ matchDate: tip.matchDate });
  });
});
