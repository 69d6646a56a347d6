import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/utils';
import { CrashScreen } from './crash-screen';

function Broken(): never {
  throw new Error('boom');
}

function renderCrash() {
  // React and the router report the thrown error; the test only cares about what the user sees.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return renderRoutes([{ path: '/', element: <Broken />, errorElement: <CrashScreen /> }], '/');
}

describe('CrashScreen', () => {
  it('replaces a crashed page with a way out', () => {
    renderCrash();

    expect(screen.getByRole('heading', { level: 1, name: 'Algo salió mal' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Recargar página' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Volver al inicio' })).toBeVisible();
  });

  it('reloads the page or goes home with a full load', async () => {
    const reload = vi.fn();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, assign });
    const user = userEvent.setup();
    renderCrash();

    await user.click(screen.getByRole('button', { name: 'Recargar página' }));
    expect(reload).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('button', { name: 'Volver al inicio' }));
    expect(assign).toHaveBeenCalledWith('/');
  });
});
