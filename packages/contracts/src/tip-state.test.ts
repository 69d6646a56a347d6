import { describe, expect, it } from 'vitest';
import { tipState } from './tip-state';

describe('one state per tip', () => {
  it.each([
    [{ status: 'pendiente', result: 'pendiente' as const }, 'Programado'],
    [{ status: 'en_progreso', result: 'pendiente' as const }, 'En juego'],
    [{ status: 'terminado', result: 'pendiente' as const }, 'Pendiente de resultado'],
    [{ status: 'terminado', noBet: true }, 'Finalizado'],
    [{ status: 'terminado' }, 'Pendiente de resultado'],
    [{ status: 'en_progreso', result: 'ganado' as const, profitUnits: 1.7 }, 'Ganado +1,7 u'],
    [{ status: 'terminado', result: 'perdido' as const, profitUnits: -2 }, 'Perdido −2 u'],
    [{ status: 'terminado', result: 'nulo' as const, profitUnits: 0 }, 'Nulo'],
    [
      { status: 'terminado', result: 'medio_ganado' as const, profitUnits: 0.43 },
      'Medio ganado +0,43 u',
    ],
    [
      { status: 'terminado', result: 'medio_perdido' as const, profitUnits: -1 },
      'Medio perdido −1 u',
    ],
  ])('%o reads "%s", and a result never sits beside "En juego"', (tip, label) => {
    expect(tipState(tip).label).toBe(label);
  });
});
