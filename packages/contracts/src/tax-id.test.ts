import { describe, expect, it } from 'vitest';
import { ZTaxIdBody } from './receipts';
import { checkTaxId, formatTaxId, nitCheckDigit, TAX_ID_LABELS, TAX_ID_COUNTRIES } from './tax-id';

describe('checkTaxId', () => {
  it('accepts a DNI, a NIE and a company NIF with their control character, normalised', () => {
    expect(checkTaxId('ES', '12345678z')).toBe('12345678Z');
    expect(checkTaxId('ES', '12.345.678-Z')).toBe('12345678Z');
    expect(checkTaxId('ES', 'X1234567L')).toBe('X1234567L');
    expect(checkTaxId('ES', 'B12345674')).toBe('B12345674');
    expect(checkTaxId('ES', 'Q2826000H')).toBe('Q2826000H');
  });
  it('refuses a NIF whose letter or digit does not match', () => {
    expect(checkTaxId('ES', '12345678A')).toBeNull();
    expect(checkTaxId('ES', 'X1234567A')).toBeNull();
    expect(checkTaxId('ES', 'B12345675')).toBeNull();
    expect(checkTaxId('ES', 'Q2826000J')).toBeNull();
    expect(checkTaxId('ES', '1234567Z')).toBeNull();
  });
  it('accepts an RFC of a person or a company with a real date, refuses other shapes', () => {
    expect(checkTaxId('MX', 'gode561231gr8')).toBe('GODE561231GR8');
    expect(checkTaxId('MX', 'ABC680524P76')).toBe('ABC680524P76');
    expect(checkTaxId('MX', 'GODE561331GR8')).toBeNull();
    expect(checkTaxId('MX', 'GODE560230GR8')).toBeNull();
    expect(checkTaxId('MX', 'GO1E561231GR8')).toBeNull();
  });
  it('checks the CUIT digit', () => {
    expect(checkTaxId('AR', '20-12345678-6')).toBe('20123456786');
    expect(checkTaxId('AR', '20123456785')).toBeNull();
    expect(checkTaxId('AR', '99123456786')).toBeNull();
    expect(formatTaxId('AR', '20123456786')).toBe('20-12345678-6');
  });
  it('checks the NIT digit (DIAN weights)', () => {
    expect(nitCheckDigit('900123456')).toBe(8);
    expect(nitCheckDigit('800197268')).toBe(4);
    expect(checkTaxId('CO', '900.123.456-8')).toBe('900123456-8');
    expect(checkTaxId('CO', '9001234568')).toBe('900123456-8');
    expect(checkTaxId('CO', '900123456-7')).toBeNull();
  });
  it('every example shown in the form is valid', () => {
    for (const country of TAX_ID_COUNTRIES)
      expect(checkTaxId(country, TAX_ID_LABELS[country].example)).not.toBeNull();
  });
  it('the body schema answers the country rule in Spanish', () => {
    const bad = ZTaxIdBody.safeParse({ taxId: { country: 'AR', number: '20123456785' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/^El CUIT no es válido/);
    const country = ZTaxIdBody.safeParse({ taxId: { country: 'FR', number: 'x' } });
    expect(country.error?.issues[0]?.message).toMatch(/^Elige el país/);
    expect(ZTaxIdBody.parse({ taxId: null })).toEqual({ taxId: null });
  });
});
