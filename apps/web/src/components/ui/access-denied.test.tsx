import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, storeSession, TEST_USER } from '../../../test/utils';
import { AccessDenied } from './access-denied';

describe('AccessDenied', () => {
  it("shows the message, the user's roles and the role required", () => {
    storeSession({ ...TEST_USER, roles: [{ name: 'user' }, { name: 'editor' }] });
    renderWithApp(
      <AccessDenied
        message="No tienes permisos para acceder a esta sección. Se requiere rol de administrador."
        requiredRole="admin"
      />,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Acceso Denegado' })).toBeVisible();
    expect(
      screen.getByText(
        'No tienes permisos para acceder a esta sección. Se requiere rol de administrador.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Tus roles actuales').nextSibling).toHaveTextContent('Usuario, Editor');
    expect(screen.getByText('Rol requerido').nextSibling).toHaveTextContent('Administrador');
  });

  it('names every role when several are needed', () => {
    storeSession();
    renderWithApp(
      <AccessDenied message="Se requieren AMBOS roles: editor y admin." requiredRole={['editor', 'admin']} headingLevel={2} />,
    );

    expect(screen.getByRole('heading', { level: 2, name: 'Acceso Denegado' })).toBeVisible();
    expect(screen.getByText('Roles requeridos').nextSibling).toHaveTextContent('Editor y Administrador');
  });
});
