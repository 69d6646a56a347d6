import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, storeSession, TEST_USER } from '../../../../test/utils';
import type { TSessionUser } from '../../../lib/session/session-user';
import { fakeApi } from '../../../../test/fake-api';
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

const VIP_CARD = (index: number) => ({
  _id: `10000000-0000-4000-8000-00000000000${index}`,
  title: `Partido VIP ${index}`,
  icon: 'tennis',
  matchDate: '2025-08-10T18:00:00.000Z',
  status: 'pendiente',
  category: 'premium',
});
const TEASERS = [1, 2, 3].map(VIP_CARD);
const OWNED = [4, 5].map((index) => ({ ...VIP_CARD(index), analisis: `Análisis VIP ${index}.` }));

const MY_PACKS = {
  success: true,
  data: [
    {
      pack: {
        _id: '4a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
        nombre: 'Pack Estados Unidos',
        descripcion: 'NFL y NBA.',
        precio: 14.99,
      },
      tipsDisponibles: 2,
      fechaCompra: '2025-08-09T10:00:00.000Z',
      tips: OWNED.map(({ _id, title, icon, matchDate }) => ({ _id, title, icon, matchDate })),
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
      'Mis packs',
      'Tips Gratis',
      'Tips VIP',
    ]);
    expect(screen.getByRole('link', { name: 'Suscribirse' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(await screen.findByRole('button', { name: 'No disponible' })).toBeDisabled();
    // With the packs, a signed-in reader's welcome discount (decision 0119), asked once.
    expect(api.calls()).toEqual(['GET /packs/disponibles', 'GET /referrals/me']);

    await user.click(screen.getByRole('tab', { name: 'Tips Gratis' }));

    const panel = screen.getByRole('tabpanel', { name: 'Tips Gratis' });
    expect(await within(panel).findByRole('heading', { name: 'Tip gratis 1' })).toBeVisible();
    expect(within(panel).getAllByRole('article')).toHaveLength(5);
    expect(api.calls()).toEqual([
      'GET /packs/disponibles',
      'GET /referrals/me',
      'GET /packs/tips-gratis',
    ]);
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
    // The tips' own read (the alerts offer of a first visit makes its own, decision 0107).
    expect(api.calls().filter((call) => call.startsWith('GET /packs/'))).toEqual([
      'GET /packs/tips-vips',
    ]);
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

  // Issue 13 item 7, decision 0031: no empty state but locked teasers, and never an analysis.
  it('shows a plain user locked VIP teasers with Desbloquear to the tip’s offers and a way to the packs', async () => {
    const api = fakeApi(
      {
        'GET /packs/disponibles': { body: { success: true, data: [] } },
        'GET /packs/tips-vips': {
          body: {
            success: false,
            tips: TEASERS,
            message: 'Necesitas una suscripción activa para ver los tips VIP.',
          },
        },
      },
      signIn(TEST_USER),
    );
    const user = userEvent.setup();
    renderWithApp(<PacksSection />);
    await user.click(screen.getByRole('tab', { name: 'Tips VIP' }));

    const panel = screen.getByRole('tabpanel', { name: 'Tips VIP' });
    const locked = await within(panel).findByRole('region', { name: 'Tips VIP bloqueados' });
    expect(locked).toHaveTextContent('Necesitas una suscripción activa para ver los tips VIP.');
    expect(within(locked).getAllByRole('article')).toHaveLength(3);
    const first = within(locked).getAllByRole('article')[0]!;
    expect(within(first).getByRole('heading', { name: 'Partido VIP 1' })).toBeVisible();
    expect(within(first).getByRole('img', { name: 'Tenis' })).toBeVisible();
    expect(first.querySelector('time')).toHaveAttribute('dateTime', '2025-08-10T18:00:00.000Z');
    expect(first.querySelector('.tip-card__blur')).toHaveAttribute('aria-hidden', 'true');
    const unlock = within(first).getByRole('link', { name: 'Desbloquear' });
    // Issue 31 item 5: the tip's page offers its packs and plans, cheapest first.
    expect(unlock).toHaveAttribute('href', `/tip/${TEASERS[0]?._id}`);
    expect(unlock).toHaveAccessibleDescription('Partido VIP 1');
    expect(within(panel).queryByText('No hay tips VIP disponibles')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Leer análisis completo' })).toBeNull();
    expect(api.calls()).toContain('GET /packs/tips-vips');

    await user.click(within(panel).getByRole('button', { name: 'Ver packs disponibles' }));
    expect(screen.getByRole('tab', { name: 'Packs Disponibles' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Packs Disponibles' })).toHaveFocus();
  });

  // Issue 13 item 6: a buyer sees what their packs unlock in Tips VIP.
  it("shows a pack buyer their pack's tips, readable in the modal, before the teasers", async () => {
    fakeApi(
      {
        'GET /packs/disponibles': { body: { success: true, data: [] } },
        'GET /packs/tips-vips': {
          body: { success: true, tips: [...OWNED, TEASERS[0]], message: 'Tips cargados correctamente.' },
        },
      },
      signIn(TEST_USER),
    );
    const user = userEvent.setup();
    renderWithApp(<PacksSection />);
    await user.click(screen.getByRole('tab', { name: 'Tips VIP' }));

    const panel = screen.getByRole('tabpanel', { name: 'Tips VIP' });
    const owned = await within(panel).findByRole('region', { name: 'Tus tips VIP' });
    expect(within(owned).getAllByRole('article')).toHaveLength(2);
    const more = within(panel).getByRole('region', { name: 'Más tips VIP' });
    expect(within(more).getAllByRole('article')).toHaveLength(1);
    expect(within(more).getByRole('link', { name: 'Desbloquear' })).toBeVisible();
    expect(within(panel).queryByText('No hay tips VIP disponibles')).not.toBeInTheDocument();

    await user.click(within(owned).getAllByRole('button', { name: 'Leer análisis completo' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Partido VIP 4' })).toHaveTextContent(
      'Análisis VIP 4.',
    );
  });

  // Issue 29 item 15a: staff read every VIP tip without buying one; nothing says they bought it.
  it.each([['editor'], ['admin']])(
    'shows an %s every VIP tip as one list, without the bought-packs group',
    async (role) => {
      fakeApi(
        {
          'GET /packs/disponibles': { body: { success: true, data: [] } },
          'GET /packs/tips-vips': {
            body: { success: true, tips: OWNED, message: 'Tips cargados correctamente.' },
          },
        },
        signIn({ ...TEST_USER, roles: [{ name: 'user' }, { name: role }] }),
      );
      const user = userEvent.setup();
      renderWithApp(<PacksSection />);
      await user.click(screen.getByRole('tab', { name: 'Tips VIP' }));

      const panel = screen.getByRole('tabpanel', { name: 'Tips VIP' });
      expect(await within(panel).findAllByRole('article')).toHaveLength(2);
      expect(within(panel).queryByText(/packs que has comprado/)).not.toBeInTheDocument();
      expect(within(panel).queryByRole('region', { name: 'Tus tips VIP' })).not.toBeInTheDocument();
    },
  );

  it('keeps the empty text when there is no VIP tip at all', async () => {
    fakeApi(
      {
        'GET /packs/disponibles': { body: { success: true, data: [] } },
        'GET /packs/tips-vips': {
          body: { success: false, tips: [], message: 'Necesitas una suscripción activa para ver los tips VIP.' },
        },
      },
      signIn(TEST_USER),
    );
    const user = userEvent.setup();
    renderWithApp(<PacksSection />);
    await user.click(screen.getByRole('tab', { name: 'Tips VIP' }));
    expect(await screen.findByText('No hay tips VIP disponibles')).toBeVisible();
  });

  it('opens on the tab /?tab= names: the payment result page links to Tips VIP', async () => {
    const api = fakeApi(
      { 'GET /packs/tips-vips': { body: { success: true, tips: OWNED, message: '' } } },
      signIn(TEST_USER),
    );
    renderWithApp(<PacksSection />, { at: '/?tab=vip' });

    expect(screen.getByRole('tab', { name: 'Tips VIP' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Partido VIP 4' })).toBeVisible();
    expect(api.calls()).toEqual(['GET /packs/tips-vips']);
  });

  it('lists the bought packs open in Mis packs, each tip a link to its page', async () => {
    const api = fakeApi(
      {
        'GET /packs/disponibles': { body: { success: true, data: [] } },
        'GET /packs/mis-packs': { body: MY_PACKS },
      },
      signIn(TEST_USER),
    );
    const user = userEvent.setup();
    renderWithApp(<PacksSection />);
    await user.click(screen.getByRole('tab', { name: 'Mis packs' }));

    const panel = screen.getByRole('tabpanel', { name: 'Mis packs' });
    const card = await within(panel).findByRole('article', { name: 'Pack Estados Unidos' });
    expect(card).toHaveTextContent('Comprado el');
    const tips = within(card).getByRole('list', { name: 'Tips de Pack Estados Unidos' });
    const links = within(tips).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/tip/${OWNED[0]!._id}`,
      `/tip/${OWNED[1]!._id}`,
    ]);
    expect(links[0]).toBeVisible();
    expect(api.calls()).toEqual([
      'GET /packs/disponibles',
      'GET /referrals/me',
      'GET /packs/mis-packs',
    ]);
  });

  it('says so in Mis packs when nothing was bought, and retries a failed list', async () => {
    let fail = true;
    fakeApi(
      {
        'GET /packs/disponibles': { body: { success: true, data: [] } },
        'GET /packs/mis-packs': () =>
          fail
            ? { status: 500, body: { success: false, message: 'Fallo', code: 'INTERNAL_ERROR' } }
            : { body: { success: true, data: [] } },
      },
      signIn(TEST_USER),
    );
    const user = userEvent.setup();
    renderWithApp(<PacksSection />);
    await user.click(screen.getByRole('tab', { name: 'Mis packs' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar tus packs');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Todavía no has comprado ningún pack.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ver packs disponibles' }));
    expect(screen.getByRole('tab', { name: 'Packs Disponibles' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
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
