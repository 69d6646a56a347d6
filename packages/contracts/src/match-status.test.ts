import { describe, expect, it } from 'vitest';
import { deriveMatchStatus, isTipExpired, matchStatusLabel } from './match-status';
import { SPORTS, sportEmoji } from './sports';
import { statusDefaultMessage } from './http-errors';
import { planLabel } from './plans';
import { roleBadge } from './roles';

const kickoff = new Date('2026-01-01T20:00:00Z');
const at = (minutes: number) => new Date(kickoff.getTime() + minutes * 60_000);

describe('match status', () => {
  it('is pending before kick-off, in progress for the sport’s length, then over', () => {
    expect(deriveMatchStatus(kickoff, 'football', at(-1))).toBe('pendiente');
    expect(deriveMatchStatus(kickoff, 'football', at(0))).toBe('en_progreso');
    expect(deriveMatchStatus(kickoff, 'football', at(114))).toBe('en_progreso');
    expect(deriveMatchStatus(kickoff, 'football', at(115))).toBe('terminado');
    expect(deriveMatchStatus(kickoff, 'boxing', at(61))).toBe('terminado');
  });

  it('labels unknown statuses Desconocido', () => {
    expect(matchStatusLabel('en_progreso')).toBe('En progreso');
    expect(matchStatusLabel('aplazado')).toBe('Desconocido');
    expect(matchStatusLabel(undefined)).toBe('Desconocido');
  });

  it('counts a tip as expired only after 12 hours', () => {
    expect(isTipExpired(kickoff, at(12 * 60))).toBe(false);
    expect(isTipExpired(kickoff, at(12 * 60 + 1))).toBe(true);
  });
});

describe('catalogues', () => {
  it('has the 13 sports, NFL for american-futball, and a soccer-ball fallback', () => {
    expect(SPORTS).toHaveLength(13);
    expect(SPORTS.find((s) => s.id === 'american-futball')?.label).toBe('NFL');
    expect(sportEmoji('nada')).toBe('⚽');
  });

  it('maps statuses to SPEC texts', () => {
    expect(statusDefaultMessage(401)).toBe('Sesión expirada. Por favor, inicia sesión nuevamente.');
    expect(statusDefaultMessage(418)).toBe('Error en la petición (418)');
  });

  it('labels plans and role badges', () => {
    expect(planLabel('basic')).toBe('Plan Básico');
    expect(roleBadge([{ name: 'user' }])).toBeNull();
    expect(roleBadge([{ name: 'user' }, { name: 'editor' }, { name: 'admin' }])).toBe(
      'Administrador',
    );
    expect(roleBadge([{ name: 'editor' }])).toBe('Editor');
  });
});
