import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../../test/utils';
import { LandingPage } from './landing-page';

const PREVIEW = {
  success: true,
  tips: [
    {
      _id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      title: 'Real Madrid vs Barcelona',
      icon: 'football',
      matchDate: '2025-08-16T19:00:00.000Z',
      status: 'pendiente',
      category: 'free',
    },
    {
      _id: '6b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
      title: 'Lakers vs Celtics',
      icon: 'basketball',
      matchDate: '2025-08-17T01:00:00.000Z',
      status: 'pendiente',
      category: 'free',
    },
  ],
};

const PLANS = {
  success: true,
  data: [
    {
      _id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      name: 'Plan Básico',
      key: 'basic',
      price: 9.99,
      duration: 1,
      features: ['Todos los tips VIP de la semana', 'Notificaciones por Telegram'],
      isActive: true,
    },
    {
      _id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
      name: 'Plan Trimestral',
      key: 'trimestral',
      price: 24.99,
      duration: 3,
      features: ['Todos los tips VIP sin límite'],
      isActive: true,
    },
  ],
};

const RECORD = { success: true, data: { settled: 412, profitUnits: 38.5, yield: 0.072 } };

/** Answers each public call of the visitor landing: the free tip, the plans and the track
 * record's headline. */
function landingApi(
  preview: () => Promise<Response> = async () => jsonResponse(PREVIEW),
  plans: () => Promise<Response> = async () => jsonResponse(PLANS),
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/track-record')) return jsonResponse(RECORD);
    return url.startsWith('/api/subscriptions/plans') ? plans() : preview();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function plansSection() {
  return screen.getByRole('region', { name: 'Planes' });
}

function freeTipSection() {
  return screen.getByRole('region', { name: 'Análisis gratuito del día' });
}

function renderLanding() {
  return renderWithApp(<LandingPage />, {
    at: '/',
    routes: [{ path: '/login', element: <h1>Pantalla de acceso</h1> }],
  });
}

describe('LandingPage', () => {
  it('shows only the first preview tip and sends its reader to /login', async () => {
    const fetchMock = landingApi();
    const user = userEvent.setup();
    const { router } = renderLanding();

    expect(within(freeTipSection()).getByRole('status')).toHaveTextContent('Cargando tips...');
    const title = await within(freeTipSection()).findByRole('heading', {
      name: 'Real Madrid vs Barcelona',
    });
    expect(title).toBeVisible();
    expect(screen.queryByText('Lakers vs Celtics')).not.toBeInTheDocument();
    expect(within(freeTipSection()).getAllByRole('article')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/tips/preview', expect.anything());

    await user.click(screen.getByRole('button', { name: 'Leer análisis completo' }));

    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Pantalla de acceso' })).toBeVisible();
  });

  it('says so when there are no free tips', async () => {
    landingApi(async () => jsonResponse({ success: true, tips: [] }));
    renderLanding();

    expect(await within(freeTipSection()).findByText('No hay tips disponibles.')).toBeVisible();
  });

  it('shows the error in Spanish and retries on Reintentar', async () => {
    const preview = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(jsonResponse(PREVIEW));
    landingApi(preview);
    const user = userEvent.setup();
    renderLanding();

    const alert = await within(freeTipSection()).findByRole('alert');
    expect(alert).toHaveTextContent('Error de conexión con el servidor');

    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));

    expect(
      await within(freeTipSection()).findByRole('heading', { name: 'Real Madrid vs Barcelona' }),
    ).toBeVisible();
    expect(preview).toHaveBeenCalledTimes(2);
  });

  it('has the hero, four social links, benefits, three testimonials, videos and a two-question FAQ', async () => {
    landingApi();
    renderLanding();

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Crear cuenta gratis' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(await screen.findByRole('link', { name: /tips verificados/ })).toHaveAttribute(
      'href',
      '/historial',
    );

    const social = within(screen.getByRole('region', { name: 'Síguenos en redes' }));
    const socialLinks = social.getAllByRole('link');
    expect(socialLinks.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.tiktok.com/@magotips',
      'https://www.twitch.tv/magotips',
      'https://t.me/magotips',
      expect.stringMatching(/^https:\/\/wa\.me\//),
    ]);
    for (const link of socialLinks) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }

    const benefits = within(screen.getByRole('region', { name: '¿Por qué MagoTips?' }));
    expect(benefits.getAllByRole('listitem')).toHaveLength(4);
    const testimonials = within(
      screen.getByRole('region', { name: 'Lo que dice nuestra comunidad' }),
    );
    expect(testimonials.getAllByText('— Usuario verificado')).toHaveLength(3);
    expect(screen.getByRole('region', { name: 'Vídeos' })).toHaveTextContent(/Muy pronto/);
    expect(screen.getByRole('region', { name: 'Vídeos' }).querySelector('iframe')).toBeNull();

    const faq = screen.getByRole('region', { name: 'Preguntas frecuentes' });
    expect(faq.querySelectorAll('details')).toHaveLength(2);
    await screen.findByRole('heading', { name: 'Real Madrid vs Barcelona' });
  });

  // Issue 13 item 12: prices for anyone, and the way to them through a new account.
  it('shows the plans and prices, each with Crear cuenta to /register?next=/subscription', async () => {
    const fetchMock = landingApi();
    renderLanding();

    const plan = await within(plansSection()).findByRole('article', { name: 'Plan Básico' });
    expect(plan).toHaveTextContent('$9.99 USD / mes');
    expect(plan).toHaveTextContent('Duración: 1 mes');
    expect(within(plan).getByText('Notificaciones por Telegram')).toBeVisible();
    const quarterly = within(plansSection()).getByRole('article', { name: 'Plan Trimestral' });
    expect(quarterly).toHaveTextContent('$24.99 USD / 3 meses');
    expect(quarterly).toHaveTextContent('Duración: 3 meses');
    const signUp = within(plan).getByRole('link', { name: 'Crear cuenta' });
    expect(signUp).toHaveAttribute('href', '/register?next=/subscription');
    expect(signUp).toHaveAccessibleDescription('Plan Básico');
    expect(within(plansSection()).getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute(
      'href',
      '/login?next=/subscription',
    );
    // The public call, without a token.
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/subscriptions/plans');
    expect(call).toBeDefined();
    await screen.findByRole('heading', { name: 'Real Madrid vs Barcelona' });
  });

  it('keeps the plans space while they load, then says when there are none or they failed', async () => {
    let answer: (response: Response) => void = () => undefined;
    landingApi(undefined, () => new Promise<Response>((resolve) => (answer = resolve)));
    const view = renderLanding();

    expect(within(plansSection()).getByRole('status')).toHaveTextContent('Cargando planes...');
    expect(plansSection().querySelectorAll('.plan-offer--placeholder')).toHaveLength(3);
    answer(jsonResponse({ success: true, data: [] }));
    expect(await within(plansSection()).findByText('No hay planes disponibles')).toBeVisible();
    view.unmount();

    const user = userEvent.setup();
    const plans = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(jsonResponse({ success: false, message: 'Fallo' }, 500))
      .mockResolvedValue(jsonResponse(PLANS));
    landingApi(undefined, plans);
    renderLanding();
    const alert = await within(plansSection()).findByRole('alert');
    expect(alert).toHaveTextContent('Error cargando planes disponibles');
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(
      await within(plansSection()).findByRole('article', { name: 'Plan Básico' }),
    ).toBeVisible();
  });

  it('opens an FAQ answer from its question', async () => {
    landingApi();
    const user = userEvent.setup();
    renderLanding();

    const question = screen.getByText('¿Los tips garantizan que voy a ganar?');
    const details = question.closest('details')!;
    expect(details).not.toHaveAttribute('open');

    await user.click(question);

    expect(details).toHaveAttribute('open');
    await screen.findByRole('heading', { name: 'Real Madrid vs Barcelona' });
  });
});
