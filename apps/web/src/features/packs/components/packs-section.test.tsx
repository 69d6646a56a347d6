import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, storeSession, TEST_USER } from '../../../../test/utils';
import type { TSessionUser } from '../../auth/session-user';
import { fakeApi } from '../../editor/testing/fake-api';
import { PacksSection } from './packs-section';

const SUBSCRIBER: TSessionUser = {
  ...TEST_USER,
  subscription: { hasActiveSubscription: true, plan: 'premium' },
};

const FREE_TIPS = Array.from({ length: 7 }, (_, index) => ({
  _id: `00000000-0000-4000-8000-00000000000${index}`,
  title: `Tip gratis ${index + 1}`,
  icon: 'basketball',
  matchDate: '2025-08-10T12:00:00.000Z',
  status: 'pendiente',
  category: 'free',
  analisis: `Análisis completo del tip ${index + 1}.`,
}));

const PACKS = {
  success: true,
  data: [
    {
      _id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      nombre: 'Pack Clásicos de la Semana Pasada',
      descripcion: 'Ya jugados.',
      precio: 9.99,
      isPurchased: false,
      packStatus: 'unavailable',
      transactionInfo: null,
      partidos: [
        {
          nombre: 'India vs. Australia',
          fecha: '2020-01-01T12:00:00.000Z',
          icon: 'cricket',
          status: 'terminado',
        },
      ],
    },
  ],
};

function signIn(user: TSessionUser) {
  storeSession(user);
  return { user };
}

describe('PacksSection', () => {
  it('shows the packs first, offers Suscribirse and loads the free tips on first opening', async () => {
    const api = fakeApi(
      {
        'GET /packs/disponibles': { body: PACKS },
        'GET /packs/tips-gratis': { body: { success: true, tips: FREE_TIPS, message: '' } },
      },
      signIn(TEST_USER),
    );
    const user = userEvent.setup();
    renderWithApp(<PacksSection />);

    expect(screen.getByRole('tablist')).toBeVisible();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Packs Disponibles',
      'Tips Gratis',
      'Tips VIP',
    ]);
    expect(screen.getByRole('link', { name: 'Suscribirse' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(await screen.findByRole('button', { name: 'No disponible' })).toBeDisabled();
    expect(api.calls()).toEqual(['GET /packs/disponibles']);

    await user.click(screen.getByRole('tab', { name: 'Tips Gratis' }));

    const panel = screen.getByRole('tabpanel', { name: 'Tips Gratis' });
    expect(await within(panel).findByRole('heading', { name: 'Tip gratis 1' })).toBeVisible();
    expect(within(panel).getAllByRole('article')).toHaveLength(5);
    expect(api.calls()).toEqual(['GET /packs/disponibles', 'GET /packs/tips-gratis']);

    // A plain user's VIP tab asks nothing of the server.
    await user.click(screen.getByRole('tab', { name: 'Tips VIP' }));
    expect(screen.getByRole('tabpanel', { name: 'Tips VIP' })).toHaveTextContent(
      'No hay tips VIP disponibles',
    );
    expect(api.calls()).not.toContain('GET /packs/tips-vips');
  });

  it('opens a free tip in the modal and closes it with Regresar', async () => {
    fakeApi(
      {
        'GET /packs/disponibles': { body: { success: true, data: [] } },
        'GET /packs/tips-gratis': { body: { success: true, tips: FREE_TIPS, message: '' } },
      },
      signIn(TEST_USER),
    );
    const user = userEvent.setup();
    renderWithApp(<PacksSection />);
    expect(await screen.findByText('No hay packs disponibles en este momento.')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Tips Gratis' }));
    const buttons = await screen.findAllByRole('button', { name: 'Leer análisis completo' });
    await user.click(buttons[0]!);

    const dialog = await screen.findByRole('dialog', { name: 'Tip gratis 1' });
    expect(dialog).toHaveTextContent('Análisis completo del tip 1.');
    await user.click(within(dialog).getByRole('button', { name: 'Regresar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for VIP tips only for a subscriber, and says there are none with the server message', async () => {
    const api = fakeApi(
      {
        'GET /packs/tips-vips': {
          body: { success: true, tips: [], message: 'Aún no hay tips VIP esta semana' },
        },
      },
      signIn(SUBSCRIBER),
    );
    const user = userEvent.setup();
    renderWithApp(<PacksSection />);

    expect(screen.queryByRole('link', { name: 'Suscribirse' })).not.toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Packs Disponibles' })).toHaveTextContent(
      'Tienes una suscripción VIP activa',
    );
    expect(api.calls()).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'Tips VIP' }));

    expect(await screen.findByText('Aún no hay tips VIP esta semana')).toBeVisible();
    expect(api.calls()).toEqual(['GET /packs/tips-vips']);
  });

  it("falls back to 'No hay tips disponibles' for a subscriber when the server says nothing", async () => {
    fakeApi(
      { 'GET /packs/tips-vips': { body: { success: true, tips: [], message: '' } } },
      signIn(SUBSCRIBER),
    );
    const user = userEvent.setup();
    renderWithApp(<PacksSection />);

    await user.click(screen.getByRole('tab', { name: 'Tips VIP' }));

    expect(await screen.findByText('No hay tips disponibles')).toBeVisible();
  });

  it('names the failing list: free and VIP tips', async () => {
    fakeApi(
      {
        'GET /packs/disponibles': { body: { success: true, data: [] } },
        'GET /packs/tips-gratis': {
          status: 500,
          body: { success: false, message: 'Fallo', code: 'INTERNAL_ERROR' },
        },
      },
      signIn(TEST_USER),
    );
    const user = userEvent.setup();
    renderWithApp(<PacksSection />);
    await user.click(screen.getByRole('tab', { name: 'Tips Gratis' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar tips gratis');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });

  it('names the failing VIP list', async () => {
    fakeApi(
      {
        'GET /packs/tips-vips': {
          status: 500,
          body: { success: false, message: 'Fallo', code: 'INTERNAL_ERROR' },
        },
      },
      signIn(SUBSCRIBER),
    );
    const user = userEvent.setup();
    renderWithApp(<PacksSection />);
    await user.click(screen.getByRole('tab', { name: 'Tips VIP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar tips VIP');
  });

  it('moves between tabs with the arrow keys', async () => {
    fakeApi({ 'GET /packs/disponibles': { body: { success: true, data: [] } } }, signIn(TEST_USER));
    const user = userEvent.setup();
    renderWithApp(<PacksSection />);
    await user.click(screen.getByRole('tab', { name: 'Packs Disponibles' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Tips VIP' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Tips VIP' })).toHaveAttribute('aria-selected', 'true');
  });
});
