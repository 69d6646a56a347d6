import { describe, expect, it } from 'vitest';
import {
  fieldLabel,
  KIND_LABELS,
  leadText,
  LONG_TEXT_MAX,
  publicationText,
  RESERVED_TEXT,
  valueText,
} from './revision-text';

const MADRID = 'Europe/Madrid';

describe('revision texts', () => {
  it('name the fields in Spanish', () => {
    expect(
      [
        'pick',
        'odds',
        'stake',
        'bookmaker',
        'analisis',
        'title',
        'result',
        'category',
        'matchDate',
        'isPublished',
      ].map(fieldLabel),
    ).toEqual([
      'Pronóstico',
      'Cuota',
      'Stake',
      'Casa de apuestas',
      'Análisis',
      'Título',
      'Resultado',
      'Categoría',
      'Fecha del partido',
      'Publicado',
    ]);
  });

  it('write values as a reader expects them', () => {
    expect(valueText('odds', 1.9, MADRID)).toBe('1,90');
    expect(valueText('stake', 3, MADRID)).toBe('3 u');
    expect(valueText('result', 'medio_ganado', MADRID)).toBe('Medio ganado');
    expect(valueText('category', 'premium', MADRID)).toBe('VIP');
    expect(valueText('isPublished', false, MADRID)).toBe('No');
    expect(valueText('bookmaker', null, MADRID)).toBe('—');
    expect(valueText('matchDate', '2026-11-24T12:00:00.000Z', MADRID)).toMatch(
      /^24 nov 2026, 13:00 \(hora de España\)$/,
    );
  });

  it('shorten long analysis texts', () => {
    const long = 'Palabra '.repeat(60);
    const text = valueText('analisis', long, MADRID);
    expect(text.length).toBeLessThanOrEqual(LONG_TEXT_MAX);
    expect(text.endsWith('…')).toBe(true);
  });

  it('write closing odds, stored as text, like odds', () => {
    expect(fieldLabel('closingOdds')).toBe('Cuota de cierre');
    expect(valueText('closingOdds', '1.85', MADRID)).toBe('1,85');
  });

  it('name each kind of revision and the reserved notice', () => {
    expect(KIND_LABELS).toEqual({ edit: 'Edición', result: 'Resultado', correction: 'Corrección' });
    expect(RESERVED_TEXT).toBe('Contenido anterior reservado a suscriptores');
  });

  it('say how long before kick-off: minutes, hours below 48 h, then days, rounded down', () => {
    const MIN = 60_000;
    const H = 60 * MIN;
    expect(leadText(45 * MIN)).toBe('45 min antes del inicio');
    expect(leadText(3 * H - MIN)).toBe('2 h antes del inicio');
    expect(leadText(47 * H + 59 * MIN)).toBe('47 h antes del inicio');
    expect(leadText(48 * H)).toBe('2 días antes del inicio');
    expect(leadText(5 * 24 * H + 23 * H)).toBe('5 días antes del inicio');
    expect(leadText(0)).toBe('tras el inicio');
    expect(leadText(-H)).toBe('tras el inicio');
  });

  it('write the publication line, or nothing without a publication time', () => {
    expect(publicationText('2026-11-24T09:00:00.000Z', '2026-11-24T12:00:00.000Z', MADRID)).toMatch(
      /^Publicado el 24 nov 2026, 10:00 \(hora de España\) · 3 h antes del inicio$/,
    );
    expect(publicationText('2026-11-24T09:00:00.000Z', null, MADRID)).toMatch(
      /^Publicado el 24 nov 2026, 10:00 \(hora de España\)$/,
    );
    expect(publicationText(undefined, '2026-11-24T12:00:00.000Z', MADRID)).toBeNull();
  });
});
