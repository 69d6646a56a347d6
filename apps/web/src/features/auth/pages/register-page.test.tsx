import { AUTH_MESSAGES } from '@magotips/contracts/auth';
import { MSG } from '@magotips/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissNotices } from '../../../../test/utils';
import { preloadRoutes, renderApp } from '../../../../test/render-app';
import { apiError, json, stubApi } from '../../../../test/api-double';
import { browserPreferences } from '../../../lib/reader-zone';

preloadRoutes('/register');

const SUCCESS = '¡Registro exitoso! Revisa tu email para confirmar tu cuenta y activarla.';

async function openRegister(search = '') {
  dismissNotices();
  renderApp(`/register${search}`);
  await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' });
  return userEvent.setup();
}

/** Types a YYYY-MM-DD date into the three fields (día, mes by name, año). */
async function typeBirthDate(user: UserEvent, iso: string) {
  const [year = '', month = '', day = ''] = iso.split('-');
  if (day) await user.type(screen.getByLabelText('Día'), day);
  if (month) await user.selectOptions(screen.getByLabelText('Mes'), String(Number(month)));
  if (year) await user.type(screen.getByLabelText('Año'), year);
}

type Answers = Partial<Record<'phone' | 'dateOfBirth' | 'password' | 'confirm', string>> & { terms?: boolean };

async function fill(user: UserEvent, answers: Answers = {}) {
  await user.type(screen.getByLabelText('Nombre'), '  Ana ');
  await user.type(screen.getByLabelText('Apellido'), 'García');
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  if (answers.phone) await user.type(screen.getByLabelText(/Teléfono/), answers.phone);
  await typeBirthDate(user, answers.dateOfBirth ?? '1990-05-04');
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

  // Issue 32 item 6: every way in says 21+, Google's too (it has no birth-date field).
  it('states the 21+ rule on the birth date, the terms and the Google button', async () => {
    stubApi();
    await openRegister();

    expect(screen.getByText('Debes tener 21 años o más.')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: /confirmo que tengo 21 años o más/ })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continuar con Google' })).toHaveAccessibleDescription(
      `${MSG.underage}. Si entras por primera vez con Google, lo comprobamos con la fecha de nacimiento de tu cuenta de Google.`,
    );
  });

  it('sends no phone when it is empty, nor the confirmation, and the opt-in as acceptsNews, then says "Revisa tu correo" naming the address', async () => {
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
      acceptsNews: true,
      // The browser's zone and its country (register-preferences.test.tsx has them chosen).
      ...browserPreferences(),
    });
    // Issue 13, item 3: the screen that replaces the form names the address.
    expect(screen.getByRole('heading', { level: 1, name: 'Revisa tu correo' })).toBeVisible();
    expect(screen.getByText('ana@example.com')).toBeVisible();
    expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();
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

  it('sends acceptsNews: false when the opt-in is left unticked (issue 15: no alerts without consent)', async () => {
    const api = stubApi({
      'POST /auth/register': () => json({ success: true, message: SUCCESS }, 201),
    });
    const user = await openRegister();
    await fill(user);
    expect(screen.getByRole('checkbox', { name: /novedades/ })).not.toBeChecked();
    await submit(user);

    await screen.findByText(SUCCESS);
    expect(api.callsTo('POST /auth/register')[0]?.body).toMatchObject({ acceptsNews: false });
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

  it('normalises a phone typed with spaces or dashes before sending it', async () => {
    const api = stubApi({
      'POST /auth/register': () => json({ success: true, message: SUCCESS }, 201),
    });
    const user = await openRegister();
    await fill(user, { phone: '+34 600-123-456' });
    await submit(user);

    await screen.findByText(SUCCESS);
    expect(api.callsTo('POST /auth/register')[0]?.body).toMatchObject({ phone: '+34600123456' });
  });

  it("keeps SPEC.md's phone message for a number that starts with 0", async () => {
    const api = stubApi();
    const user = await openRegister();
    await fill(user, { phone: '0600 12 34 56' });
    await submit(user);

    expect(await screen.findByText(MSG.phone)).toBeVisible();
    expect(api.callsTo('POST /auth/register')).toHaveLength(0);
  });

  it('asks the date of birth as día, mes and año, in that order, and applies the 21+ rule to them', async () => {
    stubApi();
    const user = await openRegister();
    const group = screen.getByRole('group', { name: 'Fecha de nacimiento' });
    const labels = within(group)
      .getAllByRole('textbox')
      .concat(within(group).getAllByRole('combobox'))
      .map((el) => el.getAttribute('autocomplete'));
    expect(labels).toEqual(expect.arrayContaining(['bday-day', 'bday-month', 'bday-year']));
    const order = [...group.querySelectorAll('input, select')].map((el) => el.getAttribute('autocomplete'));
    expect(order).toEqual(['bday-day', 'bday-month', 'bday-year']);
    expect(within(group).getByRole('option', { name: 'septiembre' })).toBeInTheDocument();
    // No calendar that opens on today.
    expect(group.querySelector('input[type="date"]')).toBeNull();

    await fill(user, { dateOfBirth: '2005-11-22' });
    await submit(user);
    expect(await screen.findByText(MSG.underage)).toBeVisible();
    expect(screen.getByLabelText('Día')).toHaveFocus();
    expect(screen.getByLabelText('Año')).toHaveAccessibleDescription(expect.stringContaining(MSG.underage));
  });

  it('says a partial date is not valid', async () => {
    stubApi();
    const user = await openRegister();
    await fill(user, { dateOfBirth: '1990-05-' });
    await submit(user);
    expect(await screen.findByText(MSG.dateOfBirthInvalid)).toBeVisible();
  });

  it('shows the mismatch together with the length and every other message (item 5)', async () => {
    stubApi();
    const user = await openRegister();
    await user.type(screen.getByLabelText('Contraseña'), '123');
    await user.type(screen.getByLabelText('Confirmar contraseña'), '1234');
    await submit(user);

    expect(await screen.findByText(MSG.password)).toBeVisible();
    expect(screen.getByText(MSG.passwordsMismatch)).toBeVisible();
    expect(screen.getByText(MSG.termsRequired)).toBeVisible();
    expect(screen.getByText(MSG.dateOfBirthRequired)).toBeVisible();
  });

  it('clears a stale mismatch when the password is changed to match, and a server error when a field changes', async () => {
    stubApi({
      'POST /auth/register': () => apiError(409, AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN'),
    });
    const user = await openRegister();
    await fill(user, { password: 'secreta1', confirm: 'secreta2' });
    await submit(user);
    expect(await screen.findByText(MSG.passwordsMismatch)).toBeVisible();

    const password = screen.getByLabelText('Contraseña');
    await user.clear(password);
    await user.type(password, 'secreta2');
    await waitFor(() => expect(screen.queryByText(MSG.passwordsMismatch)).not.toBeInTheDocument());

    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.emailTaken);
    await user.type(screen.getByLabelText('Email'), 'x');
    await waitFor(() => expect(screen.queryByText(AUTH_MESSAGES.emailTaken)).not.toBeInTheDocument());
  });
});

describe('RegisterPage: "Revisa tu correo" (issue 13, items 1 and 3)', () => {
  beforeEach(() => {
    // Only the clock: the screen's one-second tick is real, the time it reads is moved by hand.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const aMinuteLater = () => vi.setSystemTime(new Date(Date.now() + 61_000));

  it('sends next with the registration, and the screen keeps it for sign-in', async () => {
    const api = stubApi({
      'POST /auth/register': () => json({ success: true, message: SUCCESS }, 201),
    });
    const user = await openRegister('?next=/subscription');
    expect(screen.getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute('href', '/login?next=/subscription');
    await fill(user);
    await submit(user);

    await screen.findByRole('heading', { level: 1, name: 'Revisa tu correo' });
    expect(api.callsTo('POST /auth/register')[0]?.body).toMatchObject({ next: '/subscription' });
    expect(screen.getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute('href', '/login?next=/subscription');
  });

  it('sends no unsafe next', async () => {
    const api = stubApi({
      'POST /auth/register': () => json({ success: true, message: SUCCESS }, 201),
    });
    const user = await openRegister('?next=//evil.example');
    await fill(user);
    await submit(user);
    await screen.findByRole('heading', { level: 1, name: 'Revisa tu correo' });
    expect(api.callsTo('POST /auth/register')[0]?.body).not.toHaveProperty('next');
  });

  it('"Reenviar correo" waits a minute, then resends to the same address with next, and shows a rate limit', { timeout: 15_000 }, async () => {
    const api = stubApi({
      'POST /auth/register': () => json({ success: true, message: SUCCESS }, 201),
      'POST /auth/resend-verification': () => json({ success: true, message: AUTH_MESSAGES.verificationResent }),
    });
    const user = await openRegister('?next=/subscription');
    await fill(user);
    await submit(user);
    const resend = await screen.findByRole('button', { name: 'Reenviar correo' });
    expect(resend).toBeDisabled();
    expect(screen.getByText(/Podrás pedir otro correo en \d+ s\./)).toBeVisible();

    aMinuteLater();
    await waitFor(() => expect(resend).toBeEnabled(), { timeout: 2500 });
    await user.click(resend);
    expect(await screen.findByText(AUTH_MESSAGES.verificationResent)).toBeVisible();
    expect(api.callsTo('POST /auth/resend-verification')[0]?.body).toEqual({
      email: 'ana@example.com',
      next: '/subscription',
    });
    // And it waits again before the next one.
    expect(screen.getByRole('button', { name: 'Reenviar correo' })).toBeDisabled();

    api.on('POST /auth/resend-verification', () =>
      apiError(429, 'Demasiadas peticiones. Por favor, espera un momento antes de intentar nuevamente.', 'RATE_LIMITED'),
    );
    aMinuteLater();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reenviar correo' })).toBeEnabled(), {
      timeout: 2500,
    });
    await user.click(screen.getByRole('button', { name: 'Reenviar correo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiadas peticiones');
  });

  // Issue 29 item 15c: the passwords were emptied, to be typed twice again for one address.
  it('"Cambiar el email" goes back to the form with everything kept, the passwords too', async () => {
    const api = stubApi({
      'POST /auth/register': () => json({ success: true, message: SUCCESS }, 201),
    });
    const user = await openRegister();
    await fill(user, { phone: '600 12 34 56' });
    await submit(user);
    await screen.findByRole('heading', { level: 1, name: 'Revisa tu correo' });

    await user.click(screen.getByRole('button', { name: 'Cambiar el email' }));
    await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' });
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('ana@example.com');
    await waitFor(() => expect(email).toHaveFocus());
    // As typed (the schema trims and normalises again on the next submit).
    expect(screen.getByLabelText('Nombre')).toHaveValue('  Ana ');
    expect(screen.getByLabelText('Apellido')).toHaveValue('García');
    expect(screen.getByLabelText(/Teléfono/)).toHaveValue('600 12 34 56');
    expect(screen.getByLabelText('Día')).toHaveValue('4');
    expect(screen.getByLabelText('Mes')).toHaveValue('5');
    expect(screen.getByLabelText('Año')).toHaveValue('1990');
    expect(screen.getByRole('checkbox', { name: /Acepto/ })).toBeChecked();
    const typed = api.callsTo('POST /auth/register')[0]?.body as { password: string };
    expect(screen.getByLabelText('Contraseña')).toHaveValue(typed.password);
    expect(screen.getByLabelText('Confirmar contraseña')).toHaveValue(typed.password);

    await user.clear(email);
    await user.type(email, 'ana.bien@example.com');
    await submit(user);
    await screen.findByRole('heading', { level: 1, name: 'Revisa tu correo' });
    expect(screen.getByText('ana.bien@example.com')).toBeVisible();
    expect(api.callsTo('POST /auth/register')[1]?.body).toMatchObject({
      email: 'ana.bien@example.com',
      phone: '600123456',
      password: typed.password,
    });
  });
});
