import { addMonths, PAUSE_TEXT } from '@magotips/contracts/pause';
import { dateInZoneText } from '@magotips/contracts/time-zone';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, makeUser } from '../../../test/api-double';
import { openAccount } from './testing/open-account';

const card = () => screen.getByRole('region', { name: 'Pausar mi cuenta' });
const day = (date: Date) => dateInZoneText(date, 'Europe/Madrid');
const DAY = 24 * 60 * 60 * 1000;
const storedUser = () =>
  JSON.parse(window.localStorage.getItem('user') ?? '{}') as Record<string, unknown>;

describe('Pausar mi cuenta', () => {
  it('asks how long, confirms with the password and shows the pause it set', async () => {
    const until = addMonths(new Date(), 3);
    const paused = makeUser({
      paused: true,
      pausedAt: new Date().toISOString(),
      pausedUntil: until.toISOString(),
    });
    let wrong = true;
    const { ui, api } = await openAccount({
      'POST /account/pause': () =>
        wrong
          ? apiError(400, PAUSE_TEXT.passwordWrong, 'VALIDATION_ERROR')
          : json({ user: paused, message: PAUSE_TEXT.confirmed(day(until)) }),
    });
    const group = within(card()).getByRole('group', { name: 'Duración de la pausa' });
    for (const name of ['1 mes', '3 meses', '6 meses', 'Indefinida'])
      expect(within(group).getByRole('radio', { name })).toBeInTheDocument();
    await ui.click(within(group).getByRole('radio', { name: '3 meses' }));
    await ui.click(within(card()).getByRole('button', { name: 'Pausar mi cuenta' }));

    const dialog = screen.getByRole('alertdialog', { name: '¿Pausar tu cuenta?' });
    expect(dialog).toHaveTextContent(`Tu cuenta quedará en pausa hasta el ${day(until)}.`);
    expect(dialog).toHaveTextContent('Saldrás del grupo VIP de Telegram.');
    const password = within(dialog).getByLabelText('Contraseña');
    expect(password).toHaveFocus();

    await ui.click(within(dialog).getByRole('button', { name: 'Confirmar pausa' }));
    expect(dialog).toHaveTextContent(PAUSE_TEXT.passwordRequired);
    expect(api.callsTo('POST /account/pause')).toHaveLength(0);

    await ui.type(password, 'mala');
    await ui.click(within(dialog).getByRole('button', { name: 'Confirmar pausa' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PAUSE_TEXT.passwordWrong);

    wrong = false;
    await ui.clear(password);
    await ui.type(password, 'buena');
    await ui.click(within(dialog).getByRole('button', { name: 'Confirmar pausa' }));
    expect(await within(card()).findByText(PAUSE_TEXT.confirmed(day(until)))).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('POST /account/pause')[1]?.body).toEqual({ months: 3, password: 'buena' });
    expect(within(card()).getByText(PAUSE_TEXT.pausedUntil(day(until)))).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Pausar mi cuenta' })).toBeNull();
    expect(
      within(card()).queryByRole('button', { name: 'Pedir que se levante la pausa' }),
    ).toBeNull();
    expect(storedUser()).toMatchObject({ paused: true, pausedUntil: until.toISOString() });
    // The panel says so on every page, with the way back to this card.
    const notice = screen
      .getAllByRole('status')
      .find((el) => el.classList.contains('pause-notice'));
    expect(notice).toHaveTextContent(PAUSE_TEXT.pausedUntil(day(until)));
    expect(
      within(notice as HTMLElement).getByRole('link', { name: 'Ver mi pausa' }),
    ).toHaveAttribute('href', '/panel/cuenta#pausa');
  });

  it('sends null for an indefinite pause, and Cancelar or Escape give the focus back', async () => {
    const { ui, api } = await openAccount({});
    await ui.click(within(card()).getByRole('radio', { name: 'Indefinida' }));
    const open = within(card()).getByRole('button', { name: 'Pausar mi cuenta' });
    await ui.click(open);
    const dialog = screen.getByRole('alertdialog', { name: '¿Pausar tu cuenta?' });
    expect(dialog).toHaveTextContent(
      `La pausa será indefinida. Podrás pedir que se levante a partir del ${day(addMonths(new Date(), 6))}`,
    );
    await ui.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(open).toHaveFocus();
    await ui.click(open);
    await ui.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }),
    );
    expect(open).toHaveFocus();
    expect(api.callsTo('POST /account/pause')).toHaveLength(0);
  });

  it('shows the server’s word to a Google-only account', async () => {
    const { ui } = await openAccount(
      { 'POST /account/pause': () => apiError(400, PAUSE_TEXT.noPassword, 'NO_PASSWORD') },
      { socialLogin: { google: true } },
    );
    await ui.click(within(card()).getByRole('button', { name: 'Pausar mi cuenta' }));
    const dialog = screen.getByRole('alertdialog');
    await ui.type(within(dialog).getByLabelText('Contraseña'), 'algo');
    await ui.click(within(dialog).getByRole('button', { name: 'Confirmar pausa' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PAUSE_TEXT.noPassword);
  });

  it('a dated pause shows its end and has no button to lift it', async () => {
    const since = new Date(Date.now() - 10 * DAY);
    const until = new Date(Date.now() + 20 * DAY);
    await openAccount(
      {},
      { paused: true, pausedAt: since.toISOString(), pausedUntil: until.toISOString() },
    );
    expect(within(card()).getByText(PAUSE_TEXT.pausedUntil(day(until)))).toBeInTheDocument();
    expect(within(card()).getByText(`En pausa desde el ${day(since)}.`)).toBeInTheDocument();
    expect(within(card()).queryByRole('button')).toBeNull();
    expect(within(card()).queryByRole('radiogroup')).toBeNull();
  });

  it('an indefinite pause under 6 months says from when it may be lifted', async () => {
    const from = new Date(Date.now() + 30 * DAY);
    await openAccount(
      {},
      {
        paused: true,
        pausedAt: new Date(Date.now() - 150 * DAY).toISOString(),
        pausedUntil: null,
        pauseLiftableFrom: from.toISOString(),
      },
    );
    expect(within(card()).getByText(PAUSE_TEXT.pausedIndefinitely)).toBeInTheDocument();
    expect(
      within(card()).getByText(`Podrás pedir que se levante a partir del ${day(from)}.`),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole('button')).toBeNull();
  });

  it('an indefinite pause past 6 months can be asked to end, with the password', async () => {
    const ends = new Date(Date.now() + 7 * DAY);
    const pausedAt = new Date(Date.now() - 200 * DAY).toISOString();
    const { ui, api } = await openAccount(
      {
        'POST /account/pause/lift': () =>
          json({
            user: makeUser({ paused: true, pausedAt, pausedUntil: ends.toISOString() }),
            message: PAUSE_TEXT.liftRequested(day(ends)),
          }),
      },
      {
        paused: true,
        pausedAt,
        pausedUntil: null,
        pauseLiftableFrom: new Date(Date.now() - 20 * DAY).toISOString(),
      },
    );
    await ui.click(within(card()).getByRole('button', { name: 'Pedir que se levante la pausa' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Pedir que se levante la pausa?' });
    await ui.type(within(dialog).getByLabelText('Contraseña'), 'buena');
    await ui.click(within(dialog).getByRole('button', { name: 'Pedir que se levante' }));
    expect(
      await within(card()).findByText(PAUSE_TEXT.liftRequested(day(ends))),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('POST /account/pause/lift')[0]?.body).toEqual({ password: 'buena' });
    expect(within(card()).getByText(PAUSE_TEXT.pausedUntil(day(ends)))).toBeInTheDocument();
    expect(within(card()).queryByRole('button')).toBeNull();
  });
});
