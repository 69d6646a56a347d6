// Plain constants, no Zod: /purchase imports them without the schema code.

/** Where the checkout's consent and note send the buyer to read the terms. */
export const TERMS_PATH = '/docs#terminos';

/**
 * The buyer's express request for immediate access to digital content, with the acknowledgement
 * that the right of withdrawal is lost once the content is accessed (EU consumer rules for
 * digital content; decision 0034). Ticked on /purchase before any payment is created; the API
 * refuses a payment without it and stores when it was given.
 */
export const IMMEDIATE_ACCESS_CONSENT = {
  /** The checkbox label, split around the link to the terms. */
  before: 'Acepto los ',
  link: 'Términos',
  after:
    ' y solicito acceso inmediato; entiendo que pierdo el derecho de desistimiento una vez accedo al contenido',
  /** Unticked box (the form) and a payment request without the consent (the API, 400). */
  required:
    'Debes aceptar los Términos y solicitar el acceso inmediato para continuar con la compra',
} as const;

export const IMMEDIATE_ACCESS_CONSENT_TEXT = `${IMMEDIATE_ACCESS_CONSENT.before}${IMMEDIATE_ACCESS_CONSENT.link}${IMMEDIATE_ACCESS_CONSENT.after}`;

/** SPEC.md §2's security note (immediate access, personalised support, a guarantee), worded as
 * the terms allow: there are no refunds for content already used, so the guarantee is the one the
 * terms give, a duplicate or mistaken charge is returned (decision 0034). */
export const SECURITY_POINTS = [
  'Acceso inmediato en cuanto se confirme el pago',
  'Soporte personalizado si tienes cualquier duda',
  'Garantía de cobro correcto: si te cobramos dos veces o por un error nuestro, te devolvemos el importe',
] as const;
