// Test support for the tip form's tests (imported by *.test.tsx only, so never bundled).
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { renderWithApp, storeSession } from '../../../../test/utils';
import { fakeApi } from '../../../../test/fake-api';
import { TipForm } from '../tips/tip-form';
import { EDITOR, managementTip } from './fixtures';

/** The readers GET /alerts/audience counts in these tests. */
export const AUDIENCE_READERS = 12;

/** Says yes to the question before a first publication (decision 0087). */
export async function confirmPublication(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('alertdialog');
  await user.click(within(dialog).getByRole('button', { name: /^Sí, (publicar|programar)$/ }));
}

export function renderForm(tip?: ReturnType<typeof managementTip>) {
  storeSession(EDITOR);
  const api = fakeApi(
    {
      'POST /tips': { status: 201, body: { success: true, tip: managementTip(1) } },
      [`PUT /tips/${managementTip(1)._id}`]: { body: { success: true, tip: managementTip(1) } },
      'GET /alerts/audience': ({ query }) => ({
        body: { success: true, category: query.get('category'), readers: AUDIENCE_READERS },
      }),
    },
    { user: EDITOR },
  );
  const onSaved = vi.fn();
  renderWithApp(<TipForm tip={tip} onCancel={vi.fn()} onSaved={onSaved} />);
  return { api, onSaved };
}

export async function fillBet(
  user: ReturnType<typeof userEvent.setup>,
  bet = { pick: 'Gana Real Madrid', odds: '1,85', stake: '3' },
) {
  await user.type(screen.getByLabelText('Pronóstico'), bet.pick);
  await user.type(screen.getByLabelText('Cuota'), bet.odds);
  await user.type(screen.getByLabelText('Stake (unidades)'), bet.stake);
}

export async function fillMatch(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Fútbol' }));
  await user.type(screen.getByLabelText('Título'), 'Real Madrid vs. Betis');
  await user.type(screen.getByLabelText('Fecha del partido'), '2099-01-01');
  await user.type(screen.getByLabelText('Hora del partido'), '20:00');
  await user.type(screen.getByLabelText('Análisis'), 'Texto');
}
