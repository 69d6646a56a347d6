import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DisclaimerModal } from './disclaimer-modal';
import { leaveSite } from './leave-site';

// Leaving is a real navigation away, which jsdom cannot do: the test checks it is asked for.
vi.mock('./leave-site', () => ({ leaveSite: vi.fn() }));

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

  it('keeps Tab between its two ways out', async () => {
    const user = userEvent.setup();
    render(<DisclaimerModal />);
    const accept = screen.getByRole('button', { name: 'Aceptar y continuar' });
    await waitFor(() => expect(accept).toHaveFocus());

    await user.tab();
    expect(screen.getByRole('button', { name: 'Soy menor de 21 – Salir' })).toHaveFocus();
    await user.tab();
    expect(accept).toHaveFocus();
  });

  it("lets someone under 21 leave the site without accepting (issue 13 item 17)", async () => {
    const user = userEvent.setup();
    render(<DisclaimerModal />);

    await user.click(screen.getByRole('button', { name: 'Soy menor de 21 – Salir' }));

    expect(leaveSite).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('disclaimerAccepted')).toBeNull();
  });

  it('stays hidden when accepted in an earlier visit', () => {
    window.localStorage.setItem('disclaimerAccepted', 'true');
    render(<DisclaimerModal />);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
