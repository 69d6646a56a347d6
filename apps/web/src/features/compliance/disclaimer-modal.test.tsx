import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DisclaimerModal } from './disclaimer-modal';

describe('DisclaimerModal', () => {
  it('shows an accessible dialog with the age limit when the flag is absent', async () => {
    render(<DisclaimerModal />);

    const dialog = screen.getByRole('dialog', { name: 'Antes de continuar' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/mayores de 21 años/);
    expect(dialog).toHaveTextContent(/no garantías/);
    // Focused once the first screen is painted (the next frame).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Aceptar y continuar' })).toHaveFocus(),
    );
  });

  it('closes on accept, stores the flag and stays closed on the next mount', async () => {
    const user = userEvent.setup();
    const first = render(<DisclaimerModal />);

    await user.click(screen.getByRole('button', { name: 'Aceptar y continuar' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('disclaimerAccepted')).toBe('true');

    first.unmount();
    render(<DisclaimerModal />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab on its only button', async () => {
    const user = userEvent.setup();
    render(<DisclaimerModal />);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Aceptar y continuar' })).toHaveFocus();
  });

  it('stays hidden when accepted in an earlier visit', () => {
    window.localStorage.setItem('disclaimerAccepted', 'true');
    render(<DisclaimerModal />);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
