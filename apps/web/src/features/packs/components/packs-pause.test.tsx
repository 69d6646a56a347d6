import { PAUSE_TEXT } from '@magotips/contracts/pause';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fake-api';
import { renderWithApp, storeSession, TEST_USER } from '../../../../test/utils';
import type { TSessionUser } from '../../../lib/session/session-user';
import { PacksSection } from './packs-section';
import { PAUSED_VIP_TEXT } from './vip-tips-panel';

// Decision 0116: a paused reader is offered nothing to buy or give, and no teaser to unlock.
const PAUSED: TSessionUser = {
  ...TEST_USER,
  paused: true,
  pausedAt: new Date().toISOString(),
  pausedUntil: null,
};

const PACK = {
  _id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  nombre: 'Pack Fin de Semana',
  descripcion: 'Lo mejor del sábado.',
  precio: 9.99,
  isPurchased: false,
  packStatus: 'available',
  transactionInfo: null,
  partidos: [
    {
      nombre: 'Atlético vs. Betis',
      fecha: '2099-01-01T12:00:00.000Z',
      icon: 'soccer',
      status: 'pendiente',
    },
  ],
};

const LOCKED = {
  _id: '10000000-0000-4000-8000-000000000001',
  title: 'Partido VIP 1',
  icon: 'tennis',
  matchDate: '2099-01-01T12:00:00.000Z',
  status: 'pendiente',
  category: 'vip',
};

describe('PacksSection while paused', () => {
  it('shows the refusal, a disabled Comprar, no Regalar, no Suscribirse and no teasers', async () => {
    storeSession(PAUSED);
    fakeApi(
      {
        'GET /packs/disponibles': { body: { success: true, data: [PACK] } },
        'GET /packs/tips-vips': { body: { success: true, tips: [LOCKED], message: '' } },
      },
      { user: PAUSED },
    );
    renderWithApp(<PacksSection />);
    expect(await screen.findByText(PAUSE_TEXT.refused(null))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comprar' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Regalar Pack Fin de Semana' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Suscribirse' })).toBeNull();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Tips VIP' }));
    expect(await screen.findByText(PAUSED_VIP_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('Partido VIP 1')).toBeNull();
    expect(screen.queryByRole('link', { name: /Desbloquear/ })).toBeNull();
  });
});
