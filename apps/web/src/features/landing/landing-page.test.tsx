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
    const fetchMock = vi.fn(async () => jsonResponse(PREVIEW));
    vi.stubGlobal('fetch', fetchMock);
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
    vi.stubGlobal('fetch', async () => jsonResponse({ success: true, tips: [] }));
    renderLanding();

    expect(await within(freeTipSection()).findByText('No hay tips disponibles.')).toBeVisible();
  });

  it('shows the error in Spanish and retries on Reintentar', async () => {
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(jsonResponse(PREVIEW));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderLanding();

    const alert = await within(freeTipSection()).findByRole('alert');
    expect(alert).toHaveTextContent('Error de conexión con el servidor');

    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));

    expect(
      await within(freeTipSection()).findByRole('heading', { name: 'Real Madrid vs Barcelona' }),
    ).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('has the hero, four social links, benefits, three testimonials, videos and a two-question FAQ', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(PREVIEW));
    renderLanding();

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Crear cuenta gratis' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');

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

  it('opens an FAQ answer from its question', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(PREVIEW));
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
