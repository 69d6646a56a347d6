import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error';
import {
  offersCleanup,
  packPaymentErrorMessage,
  subscriptionPaymentErrorMessage,
} from './payment-errors';

const PACK = 'Pack Fin de Semana Europeo';
const pack = (error: unknown) => packPaymentErrorMessage(error, PACK, 'Stripe');

describe('pack payment creation errors (SPEC.md §8)', () => {
  it.each([
    [
      new ApiError(409, 'Ya compraste este pack.', 'PACK_ALREADY_PURCHASED'),
      `Ya has comprado el pack "${PACK}" anteriormente. Puedes acceder a él desde tu panel.`,
    ],
    [
      new ApiError(409, 'Pago pendiente.', 'PENDING_TRANSACTION'),
      'Ya tienes una transacción pendiente para este pack. Espera unos minutos antes de intentar nuevamente.',
    ],
    [
      new ApiError(409, 'Sesión activa.', 'ACTIVE_STRIPE_SESSION'),
      'Ya tienes una sesión de pago activa para este pack. Completa el pago actual antes de crear uno nuevo.',
    ],
    [new ApiError(409, 'Otro conflicto del servidor.', 'CONFLICT'), 'Otro conflicto del servidor.'],
    [new ApiError(409, 'Error en la petición (409)'), 'Conflicto con transacción existente.'],
    [new ApiError(400, 'El importe no coincide.', 'VALIDATION_ERROR'), 'El importe no coincide.'],
    [
      new ApiError(400, 'Datos inválidos. Por favor, verifica la información ingresada.'),
      'Datos de pago inválidos. Verifica la información.',
    ],
    [new ApiError(404, 'No existe.', 'NOT_FOUND'), 'Pack no encontrado. Es posible que haya sido removido.'],
    [
      new ApiError(500, 'Algo falló.', 'INTERNAL_ERROR'),
      'Error interno del servidor. Intenta nuevamente en unos minutos.',
    ],
    [new ApiError(503, 'Error en la petición (503)'), 'Error del servidor: 503'],
    [new ApiError(429, 'Demasiados intentos, espera.', 'RATE_LIMITED'), 'Demasiados intentos, espera.'],
    [new ApiError(0, 'Error de conexión con el servidor', 'NETWORK_ERROR'), 'Error de conexión. Verifica tu conexión a internet.'],
    [new ApiError(200, 'Respuesta inesperada del servidor.', 'INVALID_RESPONSE'), 'Error creando el pago del pack con Stripe'],
    [new Error('boom'), 'Error procesando la compra'],
  ])('%s → %s', (error, text) => {
    expect(pack(error)).toBe(text);
  });
});

describe('subscription creation errors (SPEC.md §8)', () => {
  it.each([
    [new ApiError(409, 'Ya tienes una suscripción activa.', 'ACTIVE_SUBSCRIPTION'), 'Ya tienes una suscripción activa.'],
    [new ApiError(502, 'Error en la petición (502)'), 'Error del servidor: 502'],
    [new ApiError(500, 'Error interno del servidor. Por favor, intenta más tarde.'), 'Error del servidor: 500'],
    [new ApiError(0, 'Error de conexión con el servidor', 'NETWORK_ERROR'), 'Error de conexión con el servidor'],
    [new ApiError(200, 'Respuesta inesperada del servidor.', 'INVALID_RESPONSE'), 'Error creando la suscripción con Stripe'],
    [new TypeError('x'), 'Error procesando la suscripción'],
  ])('%s → %s', (error, text) => {
    expect(subscriptionPaymentErrorMessage(error, 'Stripe')).toBe(text);
  });
});

describe('pending cleanup offer', () => {
  it("appears for texts mentioning 'transacción pendiente' only", () => {
    expect(offersCleanup('Ya tienes una transacción pendiente para este pack.')).toBe(true);
    expect(offersCleanup('Tienes una transacción pendiente de pago')).toBe(true);
    expect(offersCleanup('Ya tienes una compra en progreso.')).toBe(false);
    expect(offersCleanup(null)).toBe(false);
  });
});
