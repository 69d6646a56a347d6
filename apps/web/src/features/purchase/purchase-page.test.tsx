import { MSG } from '@magotips/contracts/messages';
import { IMMEDIATE_ACCESS_CONSENT } from '@magotips/contracts/purchase-consent';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../../test/api-double';
import type * as CheckoutRedirect from '../../lib/payments/checkout-redirect';
import { redirectToCheckout } from '../../lib/payments/checkout-redirect';
import { heading1, makePack, PACK_ID, TRANSACTION_ID } from '../../../test/payment-fixtures';
import { readTransactionId, storeTransactionId } from '../../lib/payments/transaction-storage';
import {
  CHECKOUT_URL,
  CLEAN,
  confirmButton,
  confirmWithConsent,
  consentBox,
  created,
  openPurchase,
  PACK_CREATE,
  packState,
  planState,
  SUB_CREATE,
} from './testing/purchase-harness';

vi.mock('../../lib/payments/checkout-redirect', async (importOriginal) => ({
  ...(await importOriginal<typeof CheckoutRedirect>()),
  redirectToCheckout: vi.fn(),
}));

afterEach(() => {
  vi.mocked(redirectToCheckout).mockReset();
});

describe('PurchasePage: what it shows', () => {
  it('sends a visit without navigation state to /', async () => {
    const { router } = openPurchase(undefined);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("titles a pack 'Comprar Pack' and sums it up: name, price, description, 3 matches and the rest", async () => {
    openPurchase(packState());
    await heading1('Comprar Pack');
    const summary = screen.getByRole('region', { name: 'Resumen de la compra' });

    expect(within(summary).getByRole('heading', { name: 'Pack Fin de Semana Europeo' })).toBeVisible();
    expect(summary).toHaveTextContent('$19.99 USD');
    expect(summary).toHaveTextContent('Los partidos clave del fin de semana europeo.');
    const matches = within(summary).getAllByRole('listitem');
    expect(matches).toHaveLength(3);
    expect(matches[0]).toHaveTextContent('⚽');
    expect(matches[0]).toHaveTextContent('Atlético vs. Betis');
    expect(matches[0]).toHaveTextContent('Programado');
    expect(matches[0]).toHaveTextContent(/9 de marzo, \d\d:\d\d \(hora de España\)/);
    expect(within(matches[0]!).getByRole('img', { name: 'Fútbol' })).toBeVisible();
    expect(matches[1]).toHaveTextContent('En juego');
    expect(matches[2]).toHaveTextContent('🎾');
    expect(matches[2]).toHaveTextContent('Finalizado');
    expect(summary).toHaveTextContent('... y 2 partidos más');
    expect(confirmButton()).toHaveTextContent('Confirmar Compra - $19.99');
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/');
  });

  it('shows no remainder for a pack of three matches or fewer, and the default icon', async () => {
    openPurchase(
      packState({
        partidos: [{ nombre: 'Yankees vs. Red Sox', fecha: '2030-04-01T23:00:00.000Z', icon: 'x', status: 'pendiente' }],
      }),
    );
    await heading1('Comprar Pack');
    expect(screen.queryByText(/partidos más/)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Béisbol' })).toHaveTextContent('⚾');
  });

  it("titles a subscription by its plan, 'Suscripción: Plan Premium', with price per month, duration and benefits", async () => {
    openPurchase(planState(false));
    await heading1('Suscripción: Plan Premium');
    const summary = screen.getByRole('region', { name: 'Resumen de la compra' });

    expect(within(summary).getByRole('heading', { name: 'Plan Premium' })).toBeVisible();
    expect(summary).toHaveTextContent('$19.99 USD / mes');
    expect(summary).toHaveTextContent('Duración1 mes');
    expect(summary).toHaveTextContent('No, un solo pago');
    expect(within(summary).getByText('Todos los tips VIP sin límite')).toBeVisible();
    expect(within(summary).getByText('Soporte personalizado por WhatsApp')).toBeVisible();
    expect(confirmButton()).toHaveTextContent('Confirmar Compra - $19.99');
  });

  it("titles any other type 'Procesar Compra' and says it is not supported", async () => {
    openPurchase({ item: makePack(), type: 'gift' });
    await heading1('Procesar Compra');
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.unsupportedPurchase);
    expect(screen.queryByRole('button', { name: /^Confirmar Compra/ })).not.toBeInTheDocument();
  });

  it('says there is no purchase data for an item it cannot read', async () => {
    openPurchase({ item: { nombre: 'Sin precio' }, type: 'pack' });
    await heading1('Comprar Pack');
    expect(screen.getByRole('alert')).toHaveTextContent('No hay datos de compra disponibles');
  });

  it('has the security note and the payment methods, the coming-soon ones explaining themselves', async () => {
    const { user } = openPurchase(packState());
    await heading1('Comprar Pack');

    const note = screen.getByRole('complementary', { name: 'Compra segura' });
    expect(note).toHaveTextContent(/Acceso inmediato/);
    expect(note).toHaveTextContent(/Soporte personalizado/);
    // Decision 0034: the terms refund no used content, so the note promises no satisfaction.
    expect(note).not.toHaveTextContent(/satisfacción/);
    expect(note).toHaveTextContent(
      'Garantía de cobro correcto: si te cobramos dos veces o por un error nuestro, te devolvemos el importe',
    );

    expect(screen.getByRole('radio', { name: /Stripe/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    expect(await screen.findByText(MSG.paypalSoon)).toBeVisible();
    expect(screen.getByRole('radio', { name: /Stripe/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Mercado Pago/ }));
    expect(
      await screen.findByText('Mercado Pago estará disponible próximamente. Por favor, usa Stripe por ahora.'),
    ).toBeVisible();
    expect(screen.getAllByText('Próximamente')).toHaveLength(2);
  });
});

describe('PurchasePage: the immediate-access consent (decision 0034)', () => {
  it('offers the unticked consent, word for word, with the terms one click away in a new tab', async () => {
    openPurchase(packState());
    await heading1('Comprar Pack');
    const box = consentBox() as HTMLInputElement;
    const label = box.labels?.[0] as HTMLElement;
    expect(box).not.toBeChecked();
    expect(label).toHaveTextContent(
      'Acepto los Términos (se abre en una pestaña nueva) y solicito acceso inmediato; entiendo que pierdo el derecho de desistimiento una vez accedo al contenido',
    );
    const terms = within(label).getByRole('link', { name: /^Términos/ });
    expect(terms).toHaveAttribute('href', '/docs#terminos');
    expect(terms).toHaveAttribute('target', '_blank');
  });

  it.each([
    ['a pack', packState(), 'Comprar Pack', PACK_CREATE],
    ['a subscription', planState(), 'Suscripción: Plan Premium', SUB_CREATE],
  ])('will not pay %s unticked: the Spanish error, the box focused, no call', async (_c, state, title, call) => {
    const { user, api } = openPurchase(state, { [call]: created });
    await heading1(title);

    await user.click(confirmButton());

    const error = await screen.findByText(IMMEDIATE_ACCESS_CONSENT.required);
    expect(error).toBeVisible();
    expect(consentBox()).toHaveFocus();
    expect(consentBox()).toHaveAttribute('aria-invalid', 'true');
    expect(consentBox()).toHaveAccessibleDescription(IMMEDIATE_ACCESS_CONSENT.required);
    expect(api.callsTo(call)).toHaveLength(0);
    expect(redirectToCheckout).not.toHaveBeenCalled();

    await user.click(consentBox());
    expect(screen.queryByText(IMMEDIATE_ACCESS_CONSENT.required)).not.toBeInTheDocument();
    await user.click(confirmButton());
    await waitFor(() => expect(redirectToCheckout).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.callsTo(call)[0]?.body).toMatchObject({ immediateAccessConsent: true });
  });
});

describe('PurchasePage: buying a pack', () => {
  it('creates the payment with the shown price, stores the id and goes to the checkout', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, api } = openPurchase(packState(), {
      [PACK_CREATE]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await heading1('Comprar Pack');

    await confirmWithConsent(user);
    expect(await screen.findByRole('button', { name: 'Procesando...' })).toBeDisabled();
    answer(created().clone());

    await waitFor(() => expect(redirectToCheckout).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.callsTo(PACK_CREATE)[0]?.body).toEqual({
      packId: PACK_ID,
      amount: 19.99,
      currency: 'USD',
      paymentMethod: 'stripe',
      immediateAccessConsent: true,
    });
    expect(readTransactionId('pack')).toBe(TRANSACTION_ID);
    expect(screen.getByRole('button', { name: 'Procesando...' })).toBeDisabled();
  });

  it("stops a pack without a valid id: 'ID del pack no válido'", async () => {
    const { user, api } = openPurchase(packState({ _id: 'no-es-un-id' }));
    await heading1('Comprar Pack');
    await confirmWithConsent(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.packIdInvalid);
    expect(api.callsTo(PACK_CREATE)).toHaveLength(0);
  });

  it('is blocked while a stored pack payment is still pending', async () => {
    storeTransactionId('pack', TRANSACTION_ID);
    const { user, api } = openPurchase(packState(), {
      [`GET /packs/check-payment/${TRANSACTION_ID}`]: () =>
        json({ success: true, transaction: { transactionId: TRANSACTION_ID, status: 'pending' } }),
      [CLEAN]: () => apiError(500, 'Error', 'INTERNAL_ERROR'),
    });
    await heading1('Comprar Pack');
    await confirmWithConsent(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ya tienes una compra en progreso. Completa el pago actual antes de iniciar uno nuevo.',
    );
    expect(api.callsTo(PACK_CREATE)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Limpiar Transacciones Pendientes' })).not.toBeInTheDocument();
  });

  it('is not blocked by a stored id whose payment has already finished', async () => {
    storeTransactionId('pack', 'old-transaction');
    const { user, api } = openPurchase(packState(), {
      'GET /packs/check-payment/old-transaction': () =>
        json({ success: true, transaction: { transactionId: 'old-transaction', status: 'cancelled' } }),
      [PACK_CREATE]: created,
    });
    await heading1('Comprar Pack');
    await confirmWithConsent(user);

    await waitFor(() => expect(redirectToCheckout).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.callsTo(PACK_CREATE)).toHaveLength(1);
    expect(readTransactionId('pack')).toBe(TRANSACTION_ID);
  });

  it.each<[string, () => Response, string]>([
    [
      '409 PACK_ALREADY_PURCHASED',
      () => apiError(409, 'Ya compraste este pack', 'PACK_ALREADY_PURCHASED'),
      'Ya has comprado el pack "Pack Fin de Semana Europeo" anteriormente. Puedes acceder a él desde tu panel.',
    ],
    [
      '409 ACTIVE_STRIPE_SESSION',
      () => apiError(409, 'Sesión activa', 'ACTIVE_STRIPE_SESSION'),
      'Ya tienes una sesión de pago activa para este pack. Completa el pago actual antes de crear uno nuevo.',
    ],
    ['409 other code', () => apiError(409, 'Conflicto raro', 'CONFLICT'), 'Conflicto raro'],
    ['409 without message', () => json({}, 409), 'Conflicto con transacción existente.'],
    ['400 with message', () => apiError(400, 'El precio no coincide', 'VALIDATION_ERROR'), 'El precio no coincide'],
    ['400 without message', () => json({}, 400), 'Datos de pago inválidos. Verifica la información.'],
    ['404', () => apiError(404, 'No', 'NOT_FOUND'), 'Pack no encontrado. Es posible que haya sido removido.'],
    ['500', () => apiError(500, 'x', 'INTERNAL_ERROR'), 'Error interno del servidor. Intenta nuevamente en unos minutos.'],
    ['502 without message', () => new Response('<html>', { status: 502 }), 'Error del servidor: 502'],
    ['success false with message', () => json({ success: false, message: 'Pack inactivo' }), 'Pack inactivo'],
    ['success false without message', () => json({ success: false }), 'Error creando el pago del pack con Stripe'],
  ])('%s', async (_case, response, text) => {
    const { user } = openPurchase(packState(), { [PACK_CREATE]: response });
    await heading1('Comprar Pack');
    await confirmWithConsent(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(redirectToCheckout).not.toHaveBeenCalled();
    expect(readTransactionId('pack')).toBeNull();
    expect(confirmButton()).toBeEnabled();
  });

  it("says 'Error de conexión. Verifica tu conexión a internet.' when the network fails", async () => {
    const { user, api } = openPurchase(packState());
    await heading1('Comprar Pack');
    api.fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await confirmWithConsent(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error de conexión. Verifica tu conexión a internet.',
    );
  });

  it("says 'Error procesando la compra' when something unexpected breaks", async () => {
    vi.mocked(redirectToCheckout).mockImplementation(() => {
      throw new Error('navigation blocked');
    });
    const { user } = openPurchase(packState(), { [PACK_CREATE]: created });
    await heading1('Comprar Pack');
    await confirmWithConsent(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error procesando la compra');
  });

  it('offers the cleanup for a pending transaction, and frees the stored ids when it works', async () => {
    const { user, api } = openPurchase(packState(), {
      [PACK_CREATE]: () => apiError(409, 'Pendiente', 'PENDING_TRANSACTION'),
      [CLEAN]: () => json({ success: true, results: { cancelled: 1 }, message: 'Se limpiaron 1 transacciones pendientes.' }),
    });
    await heading1('Comprar Pack');
    await confirmWithConsent(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ya tienes una transacción pendiente para este pack. Espera unos minutos antes de intentar nuevamente.',
    );
    storeTransactionId('subscription', 'leftover');

    await user.click(screen.getByRole('button', { name: 'Limpiar Transacciones Pendientes' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Se limpiaron 1 transacciones pendientes.');
    expect(api.callsTo(CLEAN)).toHaveLength(1);
    expect(readTransactionId('subscription')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Limpiar Transacciones Pendientes' })).not.toBeInTheDocument();
  });

  it("says 'Error limpiando transacciones pendientes' when the cleanup fails, and keeps the button", async () => {
    const { user } = openPurchase(packState(), {
      [PACK_CREATE]: () => apiError(409, 'Pendiente', 'PENDING_TRANSACTION'),
      [CLEAN]: () => apiError(500, 'x', 'INTERNAL_ERROR'),
    });
    await heading1('Comprar Pack');
    await confirmWithConsent(user);
    await user.click(await screen.findByRole('button', { name: 'Limpiar Transacciones Pendientes' }));

    expect(await screen.findByText('Error limpiando transacciones pendientes')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Limpiar Transacciones Pendientes' })).toBeEnabled();
  });
});

describe('PurchasePage: subscribing', () => {
  it('creates the subscription payment with the plan key, price and recurring choice', async () => {
    const { user, api } = openPurchase(planState(true), { [SUB_CREATE]: created });
    await heading1('Suscripción: Plan Premium');
    await confirmWithConsent(user);

    await waitFor(() => expect(redirectToCheckout).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.callsTo(SUB_CREATE)[0]?.body).toEqual({
      plan: 'premium',
      amount: 19.99,
      currency: 'USD',
      recurring: true,
      yearly: false,
      immediateAccessConsent: true,
    });
    expect(readTransactionId('subscription')).toBe(TRANSACTION_ID);
  });

  it.each<[string, () => Response, string]>([
    ['server message', () => apiError(409, 'Ya tienes una suscripción activa.', 'ACTIVE_SUBSCRIPTION'), 'Ya tienes una suscripción activa.'],
    ['status without message', () => new Response('', { status: 503 }), 'Error del servidor: 503'],
    ['success false', () => json({ success: false }), 'Error creando la suscripción con Stripe'],
    [
      'the transacción pendiente text',
      () => apiError(409, 'Tienes una transacción pendiente de suscripción.', 'PENDING_TRANSACTION'),
      'Tienes una transacción pendiente de suscripción.',
    ],
  ])('shows the %s', async (_case, response, text) => {
    const { user } = openPurchase(planState(), { [SUB_CREATE]: response });
    await heading1('Suscripción: Plan Premium');
    await confirmWithConsent(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(readTransactionId('subscription')).toBeNull();
  });

  it('offers the cleanup when the server mentions a pending transaction', async () => {
    const { user } = openPurchase(planState(), {
      [SUB_CREATE]: () => apiError(409, 'Tienes una transacción pendiente.', 'PENDING_TRANSACTION'),
    });
    await heading1('Suscripción: Plan Premium');
    await confirmWithConsent(user);

    expect(await screen.findByRole('button', { name: 'Limpiar Transacciones Pendientes' })).toBeVisible();
  });

  it("says 'Error procesando la suscripción' when something unexpected breaks", async () => {
    vi.mocked(redirectToCheckout).mockImplementation(() => {
      throw new Error('navigation blocked');
    });
    const { user } = openPurchase(planState(), { [SUB_CREATE]: created });
    await heading1('Suscripción: Plan Premium');
    await confirmWithConsent(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error procesando la suscripción');
  });
});

describe('PurchasePage: back from the checkout', () => {
  it('is ready again when the browser restores the page, with the abandoned payment cleaned up', async () => {
    const { user, api } = openPurchase(packState(), {
      [PACK_CREATE]: created,
      [`GET /packs/check-payment/${TRANSACTION_ID}`]: () =>
        json({ success: true, transaction: { transactionId: TRANSACTION_ID, status: 'pending' } }),
      [CLEAN]: () => json({ success: true, results: [], message: 'Transacciones pendientes limpiadas.' }),
    });
    await heading1('Comprar Pack');
    await confirmWithConsent(user);
    await waitFor(() => expect(redirectToCheckout).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Procesando...' })).toBeDisabled();

    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));

    await waitFor(() => expect(confirmButton()).toBeEnabled());
    await waitFor(() => expect(readTransactionId('pack')).toBeNull());
    expect(api.callsTo(CLEAN)).toHaveLength(1);
    await confirmWithConsent(user);
    await waitFor(() => expect(api.callsTo(PACK_CREATE)).toHaveLength(2));
  });
});
