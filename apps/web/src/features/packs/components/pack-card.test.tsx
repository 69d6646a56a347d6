import type { TAvailablePack } from '@magotips/contracts/packs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../test/utils';
import { PackCard } from './pack-card';

const NOW = new Date('2025-08-09T12:00:00.000Z');

const PACK: TAvailablePack = {
  _id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  nombre: 'Pack Fin de Semana Europeo',
  descripcion: 'Los partidos clave del fin de semana.',
  precio: 19.99,
  isPurchased: false,
  packStatus: 'available',
  transactionInfo: null,
  partidos: [
    {
      tipId: '1a2b3c4d-0000-4000-8000-00000000000a',
      nombre: 'Atlético vs. Sevilla',
      fecha: '2025-08-10T12:00:00.000Z',
      icon: 'football',
      status: 'pendiente',
    },
    {
      tipId: '1a2b3c4d-0000-4000-8000-00000000000b',
      nombre: 'Alcaraz vs. Sinner',
      fecha: '2025-08-08T12:00:00.000Z',
      icon: 'tennis',
      status: 'terminado',
    },
    {
      tipId: '1a2b3c4d-0000-4000-8000-00000000000c',
      nombre: 'Sin deporte',
      fecha: '2025-08-08T12:00:00.000Z',
      icon: 'curling',
      status: 'terminado',
    },
  ],
};

function PurchaseProbe() {
  const location = useLocation();
  return <pre data-testid="purchase-state">{JSON.stringify(location.state)}</pre>;
}

describe('PackCard', () => {
  it('shows the name, the price in USD and the matches behind an expander', async () => {
    const user = userEvent.setup();
    renderWithApp(<PackCard pack={PACK} now={NOW} />);

    expect(screen.getByRole('heading', { name: 'Pack Fin de Semana Europeo' })).toBeVisible();
    expect(screen.getByText('$19.99 USD')).toBeVisible();
    const summary = screen.getByText('Ver 3 partidos');
    expect(screen.getByText('Atlético vs. Sevilla')).not.toBeVisible();

    await user.click(summary);

    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('img', { name: 'Fútbol' })).toHaveTextContent('⚽');
    expect(items[0]).toHaveTextContent('Programado');
    expect(items[0]).toHaveTextContent(/10 de agosto, \d\d:\d\d \(hora [^)]+\)/);
    expect(within(items[1]!).getByRole('img', { name: 'Tenis' })).toHaveTextContent('🎾');
    expect(items[1]).toHaveTextContent('Finalizado');
    // Pack matches fall back to baseball, not the tip card's soccer ball (SPEC.md §3).
    expect(within(items[2]!).getByRole('img', { name: 'Béisbol' })).toHaveTextContent('⚾');
  });

  it('sends Comprar to /purchase carrying the pack', async () => {
    const user = userEvent.setup();
    renderWithApp(<PackCard pack={PACK} now={NOW} />, {
      routes: [{ path: '/purchase', element: <PurchaseProbe /> }],
    });

    await user.click(screen.getByRole('button', { name: 'Comprar' }));

    const state: unknown = JSON.parse(screen.getByTestId('purchase-state').textContent ?? 'null');
    expect(state).toEqual({ item: PACK, type: 'pack' });
  });

  it('reads Comprado, disabled, once bought', () => {
    renderWithApp(
      <PackCard pack={{ ...PACK, isPurchased: true, packStatus: 'purchased' }} now={NOW} />,
    );
    expect(screen.getByRole('button', { name: /Comprado/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Comprar' })).not.toBeInTheDocument();
  });

  it('offers Regalar, to the gift checkout of this pack, bought or not (decision 0053)', () => {
    const { unmount } = renderWithApp(
      <PackCard pack={{ ...PACK, isPurchased: true, packStatus: 'purchased' }} now={NOW} />,
    );
    expect(screen.getByRole('link', { name: `Regalar ${PACK.nombre}` })).toHaveAttribute(
      'href',
      `/regalar?pack=${PACK._id}`,
    );
    unmount();
    renderWithApp(<PackCard pack={PACK} now={NOW} />);
    expect(screen.getByRole('link', { name: `Regalar ${PACK.nombre}` })).toBeVisible();
  });

  it("links a bought pack's matches to their tip pages, and only a bought one", async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithApp(
      <PackCard pack={{ ...PACK, isPurchased: true, packStatus: 'purchased' }} now={NOW} />,
    );
    await user.click(screen.getByText('Ver 3 partidos'));
    expect(screen.getByRole('link', { name: 'Alcaraz vs. Sinner' })).toHaveAttribute(
      'href',
      '/tip/1a2b3c4d-0000-4000-8000-00000000000b',
    );
    unmount();
    renderWithApp(<PackCard pack={PACK} now={NOW} />);
    await user.click(screen.getByText('Ver 3 partidos'));
    expect(screen.queryByRole('link', { name: 'Alcaraz vs. Sinner' })).not.toBeInTheDocument();
  });

  it('reads No disponible, disabled, when every match is over', () => {
    const over = PACK.partidos.map((match) => ({
      ...match,
      status: 'terminado' as const,
      fecha: '2025-08-01T12:00:00.000Z',
    }));
    renderWithApp(<PackCard pack={{ ...PACK, partidos: over }} now={NOW} />);
    expect(screen.getByRole('button', { name: 'No disponible' })).toBeDisabled();
  });
});
