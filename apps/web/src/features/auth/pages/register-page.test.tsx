import { MSG } from '@magotips/contracts/messages';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissNotices, renderRoutes } from '../../../../test/utils';
import { routes } from '../../../app/routes';
import { apiError, json, stubApi } from '../testing/api-double';

const SUCCESS = '¡Registro exitoso! Revisa tu email para confirmar tu cuenta y activarla.';

async function openRegister() {
  dismissNotices();
  renderRoutes(routes, '/register');
  await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' });
  return userEvent.setup();
}

type Answers = Partial<Record<'phone' | 'dateOfBirth' | 'password' | 'confirm', string>> & { terms?: boolean };

async function fill(user: UserEvent, answers: Answers = {}) {
  await user.type(screen.getByLabelText('Nombre'), '  Ana ');
  await user.type(screen.getByLabelText('Apellido'), 'García');
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  if (answers.phone) await user.type(screen.getByLabelText(/Teléfono/), answers.phone);
  await user.type(screen.getByLabelText('Fecha de nacimiento'), answers.dateOfBirth ?? '1990-05-04');
  await user.type(screen.getByLabelText('Contraseña'), answers.password ?? 'secreta1');
  await user.type(screen.getByLabelText('Confirmar contraseña'), answers.confirm ?? answers.password ?? 'secreta1');
  if (answers.terms !== false) await user.click(screen.getByRole('checkbox', { name: /Acepto/ }));
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Crear cuenta' }));

describe('RegisterPage', () => {
  beforeEach(() => {
    // The 21+ rule is judged against today; fix today. Only Date is faked.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("shows the contract's messages for an empty form and calls nothing", async () => {
    const api = stubApi();
    const user = await openRegister();
    await submit(user);

    for (const message of [
      MSG.firstName,
      MSG.lastName,
      MSG.email,
      MSG.dateOfBirthRequired,
      MSG.password,
      MSG.termsRequired,
    ]) {
      expect(await screen.findByText(message)).toBeVisible();
    }
    expect(screen.getByLabelText('Nombre')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nombre')).toHaveAccessibleDescription(MSG.firstName);
    expect(api.callsTo('POST /auth/register')).toHaveLength(0);
  });

  it('refuses someone under 21, a bad phone and a confirmation that does not match', async () => {
    stubApi();
    const user = await openRegister();
    await fill(user, { dateOfBirth: '2005-11-22', phone: '0123', confirm: 'otra-cosa' });
    await submit(user);

    expect(await screen.findByText(MSG.underage)).toBeVisible();
    expect(screen.getByText(MSG.phone)).toBeVisible();
    expect(screen.getByText(MSG.passwordsMismatch)).toBeVisible();
  });

  it('refuses a date of birth before 1900 with the contract\'s text and calls nothing', async () => {
    const api = stubApi();
    const user = await openRegister();
    await fill(user, { dateOfBirth: '1899-12-31' });
    await submit(user);

    expect(await screen.findByText(MSG.dateOfBirthInvalid)).toBeVisible();
    expect(screen.queryByText(MSG.underage)).toBeNull();
    expect(api.callsTo('POST /auth/register')).toHaveLength(0);
  });

  it('refuses a common password with the contract\'s text, whatever its case, and calls nothing', async () => {
    const api = stubApi();
    const user = await openRegister();
    await fill(user, { password: 'RealMadrid' });
    await submit(user);

    expect(await screen.findByText(MSG.commonPassword)).toBeVisible();
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription(
      expect.stringContaining(MSG.commonPassword),
    );
    expect(api.callsTo('POST /auth/register')).toHaveLength(0);
  });

  it('links the terms to the legal documents', async () => {
    stubApi();
    await openRegister();
    const terms = within(screen.getByRole('checkbox', { name: /Acepto/ }).closest('.field')!);

    expect(terms.getByRole('link', { name: 'Términos y Condiciones' })).toHaveAttribute(
      'href',
      '/docs#terminos',
    );
    expect(terms.getByRole('link', { name: 'Aviso Legal' })).toHaveAttribute('href', '/docs#disclaimer');
    expect(terms.getByRole('link', { name: 'Política de Privacidad' })).toHaveAttribute(
      'href',
      '/docs#privacidad',
    );
    expect(screen.getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Continuar con Google' })).toBeVisible();
  });

  it('sends no phone when it is empty, nor the confirmation or the opt-in, then clears the form', async () => {
    const api = stubApi({
      'POST /auth/register': () => json({ success: true, message: SUCCESS }, 201),
    });
    const user = await openRegister();
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: /novedades/ }));
    await submit(user);

    expect(await screen.findByText(SUCCESS)).toBeVisible();
    expect(api.callsTo('POST /auth/register')[0]?.body).toEqual({
      firstName: 'Ana',
      lastName: 'García',
      email: 'ana@example.com',
      password: 'secreta1',
      dateOfBirth: '1990-05-04',
    });
    expect(screen.getByLabelText('Nombre')).toHaveValue('');
    expect(screen.getByLabelText('Contraseña')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /Acepto/ })).not.toBeChecked();
  });

  it('sends the phone when given', async () => {
    const api = stubApi({
      'POST /auth/register': () => json({ success: true, message: SUCCESS }, 201),
    });
    const user = await openRegister();
    await fill(user, { phone: '+34600123456' });
    await submit(user);

    await screen.findByText(SUCCESS);
    expect(api.callsTo('POST /auth/register')[0]?.body).toMatchObject({ phone: '+34600123456' });
  });

  it("shows the server's message, or its own fallback", async () => {
    const api = stubApi({
      'POST /auth/register': () => apiError(409, 'Ya existe una cuenta con este email.', 'EMAIL_TAKEN'),
    });
    const user = await openRegister();
    await fill(user);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya existe una cuenta con este email.');

    api.on('POST /auth/register', () => new Response('', { status: 500 }));
    await submit(user);
    expect(await screen.findByText('Error al registrar. Intenta nuevamente.')).toBeVisible();
  });
});
