import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@magotips/contracts/messages';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, storeSession } from '../../../../test/utils';
import { fakeApi } from '../../../../test/fake-api';
import { betTip, EDITOR, managementTip } from '../testing/fixtures';
import { confirmPublication, fillBet, renderForm } from '../testing/tip-form-harness';
import { SCHEDULE_HINT, TipForm } from './tip-form';
import { combineDateTime, tipFormSchema } from './tip-form-schema';

// userEvent types every character: on a busy shared machine the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 });

describe('TipForm', () => {
  it('offers the 13 sports with their emoji, NFL for american-futball', () => {
    renderForm();
    const radios = screen
      .getAllByRole('radio')
      .filter((radio) => radio.getAttribute('name') === 'icon');
    expect(radios).toHaveLength(13);
    const nfl = screen.getByRole('radio', { name: 'NFL' });
    expect(nfl).toHaveAttribute('value', 'american-futball');
    expect(nfl.closest('label')).toHaveTextContent('🏈NFL');
    expect(screen.getByRole('radio', { name: 'Béisbol' }).closest('label')).toHaveTextContent('⚾');
  });

  it('shows the contract messages for every empty field', async () => {
    const { api } = renderForm();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Crear tip' }));

    expect(await screen.findByText('Debes seleccionar un deporte')).toBeVisible();
    expect(screen.getByText('El título es requerido')).toBeVisible();
    expect(screen.getByText('La fecha del partido es requerida')).toBeVisible();
    expect(screen.getByText('La hora del partido es requerida')).toBeVisible();
    expect(screen.getByText('El análisis es requerido')).toBeVisible();
    expect(screen.getByLabelText('Título')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Título')).toHaveAccessibleDescription('El título es requerido');
    expect(api.calls()).toEqual([]);
  });

  it('limits the title to 200 characters', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Título'));
    await user.paste('x'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Crear tip' }));
    expect(await screen.findByText('El título no puede exceder 200 caracteres')).toBeVisible();
  });

  it('refuses a past match on creation only', async () => {
    const { api, onSaved } = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Fútbol' }));
    await user.type(screen.getByLabelText('Título'), 'Final');
    await user.type(screen.getByLabelText('Fecha del partido'), '2020-01-01');
    await user.type(screen.getByLabelText('Hora del partido'), '20:00');
    await user.type(screen.getByLabelText('Análisis'), 'Texto');
    await user.click(screen.getByRole('button', { name: 'Crear tip' }));

    expect(await screen.findByText('La fecha y hora del partido debe ser futura')).toBeVisible();
    expect(api.calls()).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('refuses a match date before 2000 when editing too (the year 0001 is a typing slip)', () => {
    const values = {
      icon: 'football',
      title: 'Final',
      date: '0001-01-01',
      time: '20:00',
      analisis: 'Texto',
      category: 'free',
      isPublished: true,
      betMode: 'none',
      pick: '',
      odds: '',
      stake: '',
      bookmaker: '',
      schedule: false,
      publishDate: '',
      publishTime: '',
    };
    const result = tipFormSchema('edit').safeParse(values);
    expect(result.error?.issues[0]?.message).toBe(MSG.matchDateInvalid);
    // A tip stored on 1 January 2000 keeps its date: valid, and unchanged, so it may be past.
    const stored = combineDateTime('2000-01-01', '20:00').toISOString();
    const edit = tipFormSchema('edit', { storedMatchDate: stored });
    expect(edit.safeParse({ ...values, date: '2000-01-01' }).success).toBe(true);
  });

  it('lets an old tip be edited, prefilled, without the future rule', async () => {
    const old = managementTip(1, { matchDate: '2020-01-01T12:00:00.000Z', category: 'premium' });
    const { api, onSaved } = renderForm(old);
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Editar tip' })).toBeVisible();
    expect(screen.getByLabelText('Título')).toHaveValue('Partido 1');
    expect(screen.getByRole('radio', { name: 'Fútbol' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'VIP (premium)' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(onSaved).toHaveBeenCalledWith(
      'Tip actualizado.',
      expect.objectContaining({ _id: old._id }),
    );
    const put = api.requests().find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ matchDate: '2020-01-01T12:00:00.000Z', category: 'premium' });
    // An old tip without a bet, left without one: none of the bet's fields is sent.
    expect(put?.body).not.toHaveProperty('pick');
    expect(put?.body).not.toHaveProperty('odds');
    expect(put?.body).not.toHaveProperty('stake');
    expect(put?.body).not.toHaveProperty('bookmaker');
  });

  it('shows Error al guardar el tip with the server reason', async () => {
    storeSession(EDITOR);
    fakeApi(
      {
        'POST /tips': {
          status: 400,
          body: { success: false, message: 'Deporte desconocido', code: 'VALIDATION_ERROR' },
        },
      },
      { user: EDITOR },
    );
    const user = userEvent.setup();
    renderWithApp(<TipForm onCancel={vi.fn()} onSaved={vi.fn()} />);
    await user.click(screen.getByRole('radio', { name: 'Fútbol' }));
    await user.type(screen.getByLabelText('Título'), 'Final');
    await user.type(screen.getByLabelText('Fecha del partido'), '2099-01-01');
    await user.type(screen.getByLabelText('Hora del partido'), '20:00');
    await user.type(screen.getByLabelText('Análisis'), 'Texto');
    await fillBet(user);
    await user.click(screen.getByRole('button', { name: 'Crear tip' }));
    await confirmPublication(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al guardar el tip');
    expect(alert).toHaveTextContent('Deporte desconocido');
  });
});

describe('tipFormSchema', () => {
  const values = {
    icon: 'football',
    title: 'Final',
    date: '2025-08-09',
    time: '20:00',
    analisis: 'Texto',
    category: 'free',
    isPublished: true,
    betMode: 'bet',
    pick: 'Gana Real Madrid',
    odds: '1,85',
    stake: '3',
    bookmaker: '',
    schedule: false,
    publishDate: '',
    publishTime: '',
  } as const;

  it('judges the future against the clock it is given', () => {
    const before = () => new Date('2025-08-09T19:59');
    const after = () => new Date('2025-08-09T20:00');
    expect(tipFormSchema('create', { now: before }).safeParse(values).success).toBe(true);
    const late = tipFormSchema('create', { now: after }).safeParse(values);
    expect(late.success).toBe(false);
    expect(late.error?.issues[0]?.message).toBe('La fecha y hora del partido debe ser futura');
    // Editing: the stored date may stay as it is; a date moved into the past is refused too.
    const stored = combineDateTime('2025-08-09', '20:00').toISOString();
    const edit = tipFormSchema('edit', { now: after, storedMatchDate: stored });
    expect(edit.safeParse(values).success).toBe(true);
    const moved = edit.safeParse({ ...values, time: '19:00' });
    expect(moved.error?.issues[0]?.message).toBe(MSG.matchDateFuture);
  });
});

describe('TipForm: scheduled publication', () => {
  async function fillNew(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('radio', { name: 'Fútbol' }));
    await user.type(screen.getByLabelText('Título'), 'Final');
    await user.type(screen.getByLabelText('Fecha del partido'), '2099-05-20');
    await user.type(screen.getByLabelText('Hora del partido'), '21:00');
    await fillBet(user);
    await user.type(screen.getByLabelText('Análisis'), 'Texto');
  }

  it('is offered only while "Publicado" is off, explained by its hint', async () => {
    renderForm();
    const user = userEvent.setup();
    expect(screen.queryByLabelText('Programar publicación')).toBeNull();
    await user.click(screen.getByLabelText('Publicado'));
    const box = screen.getByRole('checkbox', { name: 'Programar publicación' });
    expect(box).toHaveAccessibleDescription(SCHEDULE_HINT);
    expect(screen.queryByLabelText('Fecha de publicación')).toBeNull();
    await user.click(box);
    expect(screen.getByLabelText('Fecha de publicación')).toBeVisible();
    expect(screen.getByLabelText('Hora de publicación')).toBeVisible();
  });

  it('sends the time as publishAt with the tip unpublished', async () => {
    const { api, onSaved } = renderForm();
    const user = userEvent.setup();
    await fillNew(user);
    await user.click(screen.getByLabelText('Publicado'));
    await user.click(screen.getByLabelText('Programar publicación'));
    await user.type(screen.getByLabelText('Fecha de publicación'), '2099-05-20');
    await user.type(screen.getByLabelText('Hora de publicación'), '18:30');
    await user.click(screen.getByRole('button', { name: 'Crear tip' }));
    await confirmPublication(user);

    expect(onSaved).toHaveBeenCalledWith('Tip creado.', expect.anything());
    const post = api.requests().find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      isPublished: false,
      publishAt: new Date('2099-05-20T18:30').toISOString(),
    });
  });

  it.each([
    ['', '', MSG.publishAtRequired],
    ['2020-01-01', '10:00', MSG.publishAtFuture],
    ['2099-05-20', '21:00', MSG.publishAtBeforeMatch],
  ])('refuses "%s %s" with the contract message', async (date, time, message) => {
    const { api } = renderForm();
    const user = userEvent.setup();
    await fillNew(user);
    await user.click(screen.getByLabelText('Publicado'));
    await user.click(screen.getByLabelText('Programar publicación'));
    if (date) await user.type(screen.getByLabelText('Fecha de publicación'), date);
    if (time) await user.type(screen.getByLabelText('Hora de publicación'), time);
    await user.click(screen.getByRole('button', { name: 'Crear tip' }));

    expect(await screen.findByText(message)).toBeVisible();
    expect(api.calls()).toEqual([]);
  });

  it('opens a scheduled tip with its time, and "Publicado" on again sends publishAt null', async () => {
    const at = '2099-05-20T16:45:00.000Z';
    const tip = betTip(1, {
      matchDate: '2099-05-20T20:00:00.000Z',
      isPublished: false,
      publishedAt: null,
      publishAt: at,
    });
    const { api } = renderForm(tip);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Programar publicación')).toBeChecked();
    const local = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(screen.getByLabelText('Hora de publicación')).toHaveValue(
      `${pad(local.getHours())}:${pad(local.getMinutes())}`,
    );

    await user.click(screen.getByLabelText('Publicado'));
    expect(screen.queryByLabelText('Programar publicación')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await confirmPublication(user);
    const put = api.requests().find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ isPublished: true, publishAt: null });
  });
});
