import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../../test/api-double';
import { stubBrowserZone } from '../../../../test/browser-zone';
import { preloadRoutes, renderApp } from '../../../../test/render-app';
import { dismissNotices } from '../../../../test/utils';

preloadRoutes('/register');

async function openRegister() {
  dismissNotices();
  renderApp('/register');
  await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' });
  return userEvent.setup();
}

async function fillAndSend(user: UserEvent) {
  await user.type(screen.getByLabelText('Nombre'), 'Ana');
  await user.type(screen.getByLabelText('Apellido'), 'García');
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Día'), '4');
  await user.selectOptions(screen.getByLabelText('Mes'), '5');
  await user.type(screen.getByLabelText('Año'), '1990');
  await user.type(screen.getByLabelText('Contraseña'), 'secreta1');
  await user.type(screen.getByLabelText('Confirmar contraseña'), 'secreta1');
  await user.click(screen.getByRole('checkbox', { name: /Acepto/ }));
  await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
}

const registered = () => json({ success: true, message: 'ok' }, 201);

describe('sign-up country and time zone (decision 0114)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("defaults both from the browser's zone and sends them", async () => {
    stubBrowserZone('America/Mexico_City');
    const api = stubApi({ 'POST /auth/register': registered });
    const user = await openRegister();

    expect(screen.getByLabelText('País')).toHaveDisplayValue('México');
    expect(screen.getByLabelText('Zona horaria')).toHaveDisplayValue('Ciudad de México');
    // Google's first sign-in creates the account with the same two.
    expect(screen.getByRole('link', { name: 'Continuar con Google' })).toHaveAttribute(
      'href',
      '/api/auth/google?country=MX&timeZone=America%2FMexico_City',
    );
    await fillAndSend(user);

    await vi.waitFor(() => expect(api.callsTo('POST /auth/register')).toHaveLength(1));
    expect(api.callsTo('POST /auth/register')[0]?.body).toMatchObject({
      country: 'MX',
      timeZone: 'America/Mexico_City',
    });
  });

  it('offers a zone off the list as its city and sends what the reader chose', async () => {
    stubBrowserZone('Asia/Tokyo');
    const api = stubApi({ 'POST /auth/register': registered });
    const user = await openRegister();

    expect(screen.getByLabelText('País')).toHaveDisplayValue('Otro');
    expect(screen.getByLabelText('Zona horaria')).toHaveDisplayValue('Tokyo');
    // A country whose clock the zone is not brings its own zone.
    await user.selectOptions(screen.getByLabelText('País'), 'CO');
    expect(screen.getByLabelText('Zona horaria')).toHaveDisplayValue('Bogotá');
    expect(screen.getByRole('link', { name: 'Continuar con Google' })).toHaveAttribute(
      'href',
      '/api/auth/google?country=CO&timeZone=America%2FBogota',
    );
    await user.selectOptions(screen.getByLabelText('Zona horaria'), 'Tokyo');
    await fillAndSend(user);

    await vi.waitFor(() => expect(api.callsTo('POST /auth/register')).toHaveLength(1));
    expect(api.callsTo('POST /auth/register')[0]?.body).toMatchObject({
      country: 'CO',
      timeZone: 'Asia/Tokyo',
    });
  });
});
