import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dismissNotices, renderRoutes } from '../../../../test/utils';
import { AppProviders } from '../../../app/providers';
import { routes } from '../../../app/routes';
import { apiError, json, stubApi } from '../testing/api-double';

// Each test uses its own token: the page shares one call per token for the page's lifetime.
let tokenCount = 0;
const nextToken = () => `token-${++tokenCount}`;

function openVerify(search: string) {
  dismissNotices();
  return renderRoutes(routes, `/verify-email${search}`);
}

describe('VerifyEmailPage', () => {
  it('says the token is missing, and calls nothing', async () => {
    const api = stubApi();
    openVerify('');

    expect(await screen.findByRole('alert')).toHaveTextContent('Token de verificación no encontrado.');
    expect(api.callsTo('POST /auth/verify-email')).toHaveLength(0);
  });

  it('shows the pending state, then the success message and a link to /login', async () => {
    let answer: (r: Response) => void = () => {};
    const token = nextToken();
    const api = stubApi({
      'POST /auth/verify-email': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    openVerify(`?token=${token}`);

    expect(await screen.findByText('Verificando tu email...')).toBeVisible();
    expect(screen.getByText('Verificando tu email...')).toHaveAttribute('role', 'status');
    answer(json({ success: true, message: '¡Email verificado! Ya puedes iniciar sesión.' }));

    expect(await screen.findByText('¡Email verificado! Ya puedes iniciar sesión.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('POST /auth/verify-email')[0]?.body).toEqual({ token });
  });

  it("shows the server's error message", async () => {
    stubApi({
      'POST /auth/verify-email': () =>
        apiError(400, 'El enlace de verificación ha caducado.', 'TOKEN_EXPIRED'),
    });
    openVerify(`?token=${nextToken()}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('El enlace de verificación ha caducado.');
  });

  it('falls back to "Error al verificar el email." without a server message', async () => {
    stubApi({ 'POST /auth/verify-email': () => new Response('', { status: 400 }) });
    openVerify(`?token=${nextToken()}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error al verificar el email.');
  });

  it('reports a network failure and can try again', async () => {
    let online = false;
    const api = stubApi({
      'POST /auth/verify-email': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return json({ success: true, message: 'Verificado.' });
      },
    });
    openVerify(`?token=${nextToken()}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error de red al verificar el email.');
    online = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Verificado.')).toBeVisible();
    expect(api.callsTo('POST /auth/verify-email')).toHaveLength(2);
  });

  it('spends the token once under StrictMode', async () => {
    dismissNotices();
    const api = stubApi({ 'POST /auth/verify-email': () => json({ success: true, message: 'Listo.' }) });
    const router = createMemoryRouter(routes, { initialEntries: [`/verify-email?token=${nextToken()}`] });
    render(
      <StrictMode>
        <AppProviders queryClient={new QueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );

    expect(await screen.findByText('Listo.')).toBeVisible();
    expect(api.callsTo('POST /auth/verify-email')).toHaveLength(1);
  });
});
