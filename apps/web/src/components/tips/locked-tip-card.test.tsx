import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/utils';
import { LockedTipCard } from './locked-tip-card';

const ID = '7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b4a';

describe('LockedTipCard states (the proof issue, item 7)', () => {
  it('a VIP card whose match is over and unsettled waits for its result, its bet unseen', () => {
    // The server sends a pending VIP bet to no one who may not read it: no pick, no result.
    renderWithApp(
      <LockedTipCard tip={{ _id: ID, title: 'Chiefs vs. Bills', status: 'terminado' }} />,
    );
    expect(screen.getByText('Pendiente de resultado')).toHaveClass('tip-state');
    expect(screen.queryByText(/Terminado|En progreso|Finalizado/)).not.toBeInTheDocument();
  });

  it('a settled VIP card shows its result with the units, and nothing beside it', () => {
    renderWithApp(
      <LockedTipCard
        tip={{
          _id: ID,
          title: 'Chiefs vs. Bills',
          status: 'en_progreso',
          result: 'ganado',
          profitUnits: 1.82,
        }}
      />,
    );
    expect(screen.getByText('Ganado +1,82 u')).toHaveClass('tip-state--ganado');
    expect(screen.queryByText(/En juego|En progreso/)).not.toBeInTheDocument();
  });

  it('a VIP card before kick-off is Programado', () => {
    renderWithApp(<LockedTipCard tip={{ _id: ID, status: 'pendiente' }} />);
    expect(screen.getByText('Programado')).toHaveClass('tip-state--programado');
  });
});
