import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

/** A form's submit button that opens the question, as the $500 price check does: the form is
 * still "submitting" (its buttons and the dialog's disabled) in the render that opens it. */
function Host({ busyAtFirst }: { busyAtFirst: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          setBusy(busyAtFirst);
        }}
      >
        Guardar
      </button>
      <button type="button" onClick={() => setBusy(false)}>
        Terminar
      </button>
      {open ? (
        <ConfirmDialog
          question="¿Guardar el pack con un precio de $1250.00 USD?"
          confirmLabel="Sí, guardar"
          busyLabel="Guardando..."
          busy={busy}
          tone="gold"
          onConfirm={vi.fn()}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

describe('ConfirmDialog focus (issue 29 item 15b)', () => {
  it('starts on Cancelar and gives the focus back to the opener on close', async () => {
    const user = userEvent.setup();
    render(<Host busyAtFirst={false} />);
    const opener = screen.getByRole('button', { name: 'Guardar' });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('opened while busy, holds the focus inside the dialog, then on Cancelar once enabled', async () => {
    const user = userEvent.setup();
    render(<Host busyAtFirst />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = screen.getByRole('alertdialog');
    // Cancelar is disabled: the dialog itself (named by its question) holds the focus.
    expect(dialog).toHaveFocus();
    expect(dialog).toHaveAccessibleName('¿Guardar el pack con un precio de $1250.00 USD?');

    // The page behind is inert: only a programmatic change can end the busy state here.
    screen.getByRole('button', { name: 'Terminar', hidden: true }).click();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus());
  });
});
