import { describe, expect, it } from 'vitest';
import { curveGeometry, niceStep } from './curve-geometry';

describe('curveGeometry', () => {
  it('starts at zero the day before the first result and spans the plot by date', () => {
    const geometry = curveGeometry([
      { date: '2026-11-02', cumulativeUnits: 5 },
      { date: '2026-11-05', cumulativeUnits: -5 },
    ]);
    // Days 0 (the day before), 1 and 4 of 4; round ticks of 2,5 from +5 to −5.
    expect(geometry?.ticks.map((t) => t.units)).toEqual([5, 2.5, 0, -2.5, -5]);
    expect(geometry?.zeroY).toBe(50);
    expect(geometry?.line).toBe('M0,50L25,0L100,100');
    expect(geometry?.area).toBe('M0,50L25,0L100,100L100,50Z');
    expect(geometry?.lowest).toBe(-5);
    expect(geometry?.highest).toBe(5);
  });

  it('keeps zero on the plot when the curve never goes below it', () => {
    const geometry = curveGeometry([{ date: '2026-11-02', cumulativeUnits: 38.5 }]);
    expect(geometry?.ticks.at(-1)?.units).toBe(0);
    expect(geometry?.zeroY).toBe(100);
  });

  it('has nothing to draw without points', () => {
    expect(curveGeometry([])).toBeNull();
  });
});

describe('niceStep', () => {
  it('rounds to 1, 2, 2,5 or 5 times a power of ten', () => {
    expect(niceStep(10)).toBe(2.5);
    expect(niceStep(45)).toBe(20);
    expect(niceStep(0.3)).toBe(0.1);
    expect(niceStep(0)).toBe(1);
  });
});
