import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatMatchDate } from '../../../lib/format-date';
import { browserTimeZone } from '../../../lib/reader-zone';
import { managementTip } from '../testing/fixtures';
import { AUDIENCE_READERS, fillBet, fillMatch, renderForm } from '../testing/tip-form-harness';
import { PUBLISH_QUESTION, SCHEDULE_QUESTION } from './publish-check';

type User = ReturnType<typeof userEvent.setup>;
const create = (user: User) => user.click(screen.getByRole('button', { name: 'Crear tip' }));
const posted = (api: ReturnType<typeof renderForm>['api']) =>
  api.requests().filter((call) => call.method === 'POST');

// Issue 29 item 15f: a first publication names its audience and how many readers it alerts.
describe('TipForm: the question before a first publication', () => {
  it('names the audience of a free tip and the readers the API counts; Cancelar sends nothing', async () => {
    const { api, onSaved } = renderForm();
    const user = userEvent.setup();
    await fillMatch(user);
    await fillBet(user);
    await create(user);

    const dialog = await screen.findByRole('alertdialog', { name: PUBLISH_QUESTION });
    expect(
      await within(dialog).findByText(
        `Se publicará para todos y se avisará a ${AUDIENCE_READERS} lectores.`,
      ),
    ).toBeVisible();
    expect(api.calls()).toContain('GET /alerts/audience?category=free');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posted(api)).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();

    await create(user);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, publicar' }),
    );
    expect(await screen.findByRole('button', { name: 'Crear tip' })).toBeVisible();
    expect(posted(api)).toHaveLength(1);
    expect(onSaved).toHaveBeenCalledWith('Tip creado.', expect.anything());
  });

  it('says a VIP tip is for the VIP subscribers, counted for that category', async () => {
    const { api } = renderForm();
    const user = userEvent.setup();
    await fillMatch(user);
    await fillBet(user);
    await user.click(screen.getByRole('radio', { name: 'VIP (premium)' }));
    await create(user);

    const dialog = await screen.findByRole('alertdialog', { name: PUBLISH_QUESTION });
    expect(
      await within(dialog).findByText(
        `Se publicará para los suscriptores VIP y se avisará a ${AUDIENCE_READERS} lectores.`,
      ),
    ).toBeVisible();
    expect(api.calls()).toContain('GET /alerts/audience?category=premium');
  });

  it('says when a scheduled publication goes out', async () => {
    const { api } = renderForm();
    const user = userEvent.setup();
    await fillMatch(user);
    await fillBet(user);
    await user.click(screen.getByLabelText('Publicado'));
    await user.click(screen.getByLabelText('Programar publicación'));
    await user.type(screen.getByLabelText('Fecha de publicación'), '2098-12-31');
    await user.type(screen.getByLabelText('Hora de publicación'), '18:30');
    await create(user);

    const dialog = await screen.findByRole('alertdialog', { name: SCHEDULE_QUESTION });
    const when = formatMatchDate(new Date('2098-12-31T18:30').toISOString(), browserTimeZone());
    expect(
      await within(dialog).findByText(
        `Se publicará el ${when} para todos y se avisará a ${AUDIENCE_READERS} lectores.`,
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Sí, programar' }));
    expect(posted(api)[0]?.body).toMatchObject({ isPublished: false });
  });

  it('asks nothing for a draft, nor for a tip that was public before', async () => {
    const { api } = renderForm();
    const user = userEvent.setup();
    await fillMatch(user);
    await fillBet(user);
    await user.click(screen.getByLabelText('Publicado'));
    await create(user);
    await screen.findByRole('button', { name: 'Crear tip' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posted(api)).toHaveLength(1);
    expect(api.calls().some((call) => call.startsWith('GET /alerts'))).toBe(false);
  });

  it('asks nothing when editing a published tip', async () => {
    const { api } = renderForm(managementTip(1, { matchDate: '2099-01-01T12:00:00.000Z' }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByRole('button', { name: 'Guardar cambios' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.requests().filter((call) => call.method === 'PUT')).toHaveLength(1);
  });
});
