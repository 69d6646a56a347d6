import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/utils';
import { TipList } from './tip-list';

const TIPS = Array.from({ length: 6 }, (_, index) => ({
  _id: `00000000-0000-4000-8000-00000000000${index}`,
  title: `Tip ${index + 1}`,
}));

describe('TipList', () => {
  it('shows 3 cards unless told otherwise', () => {
    renderWithApp(
      <TipList status="success" tips={TIPS} error={null} onRetry={vi.fn()} action="modal" />,
    );
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('says Cargando tips... while loading and No hay tips disponibles. when empty', () => {
    const { unmount } = renderWithApp(
      <TipList status="pending" tips={undefined} error={null} onRetry={vi.fn()} action="modal" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Cargando tips...');
    unmount();

    renderWithApp(
      <TipList status="success" tips={[]} error={null} onRetry={vi.fn()} action="modal" />,
    );
    expect(screen.getByText('No hay tips disponibles.')).toBeVisible();
  });
});
