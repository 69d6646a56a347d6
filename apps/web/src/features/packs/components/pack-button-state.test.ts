import type { TPackMatch } from '@magotips/contracts/packs';
import { describe, expect, it } from 'vitest';
import { packButtonState } from './pack-button-state';

const NOW = new Date('2025-08-09T12:00:00.000Z');

function match(status: TPackMatch['status'], fecha: string): TPackMatch {
  return { tipId: '9b2f6c1e-3d4a-4e5f-8a6b-7c8d9e0f1a2b', nombre: 'Partido', fecha, icon: 'football', status };
}

const PAST = '2025-08-08T12:00:00.000Z';
const FUTURE = '2025-08-10T12:00:00.000Z';

describe('packButtonState', () => {
  it('is purchased when bought, whatever the matches say', () => {
    expect(
      packButtonState(
        { isPurchased: true, packStatus: 'purchased', partidos: [match('terminado', PAST)] },
        NOW,
      ),
    ).toBe('purchased');
    expect(
      packButtonState(
        { isPurchased: false, packStatus: 'purchased', partidos: [match('pendiente', FUTURE)] },
        NOW,
      ),
    ).toBe('purchased');
  });

  it('is for sale while a match is pending, in progress or dated in the future', () => {
    const base = { isPurchased: false, packStatus: 'available' as const };
    expect(
      packButtonState(
        { ...base, partidos: [match('terminado', PAST), match('pendiente', PAST)] },
        NOW,
      ),
    ).toBe('buy');
    expect(packButtonState({ ...base, partidos: [match('en_progreso', PAST)] }, NOW)).toBe('buy');
    // A status the server has not caught up with yet: the date still says the match is to come.
    expect(packButtonState({ ...base, partidos: [match('terminado', FUTURE)] }, NOW)).toBe('buy');
  });

  it('is unavailable when every match is over, or there are none', () => {
    const base = { isPurchased: false, packStatus: 'unavailable' as const };
    expect(
      packButtonState(
        { ...base, partidos: [match('terminado', PAST), match('terminado', PAST)] },
        NOW,
      ),
    ).toBe('unavailable');
    expect(packButtonState({ ...base, partidos: [] }, NOW)).toBe('unavailable');
  });
});
