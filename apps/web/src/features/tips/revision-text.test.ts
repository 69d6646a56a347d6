import { describe, expect, it } from 'vitest';
import { fieldLabel, LONG_TEXT_MAX, revisionsSummary, valueText } from './revision-text';

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
    expect(valueText('odds', 1.9)).toBe('1,90');
    expect(valueText('stake', 3)).toBe('3 u');
    expect(valueText('result', 'medio_ganado')).toBe('Medio ganado');
    expect(valueText('category', 'premium')).toBe('VIP');
    expect(valueText('isPublished', false)).toBe('No');
    expect(valueText('bookmaker', null)).toBe('—');
    expect(valueText('matchDate', '2026-11-24T12:00:00.000Z')).toMatch(/^24 de noviembre de 2026/);
  });

  it('shorten long analysis texts', () => {
    const long = 'Palabra '.repeat(60);
    const text = valueText('analisis', long);
    expect(text.length).toBeLessThanOrEqual(LONG_TEXT_MAX);
    expect(text.endsWith('…')).toBe(true);
  });

  it('sum up the history: the latest edit, or a result recorded', () => {
    const result = {
      at: '2026-11-24T22:00:00.000Z',
      by: 'Ana P.',
      kind: 'result' as const,
      changes: [],
    };
    const edit = { ...result, at: '2026-11-24T12:00:00.000Z', kind: 'edit' as const };
    expect(revisionsSummary([edit, result])).toMatch(/^Editado el 24 de noviembre de 2026/);
    expect(revisionsSummary([result])).toMatch(/^Resultado registrado el 24 de noviembre de 2026/);
    expect(revisionsSummary([])).toBeNull();
  });
});
