import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './countries';
import { GENERIC_HELP, helpResourceFor, responsiblePlayLine } from './help-resources';
import { findForbiddenPhrases } from './responsible-play';

describe('help resources', () => {
  it('gives every country a resource with an https link, and a generic one otherwise', () => {
    for (const code of COUNTRY_CODES) expect(helpResourceFor(code).url).toMatch(/^https:\/\//);
    expect(helpResourceFor('CL')).toBe(GENERIC_HELP);
    expect(helpResourceFor(null)).toBe(GENERIC_HELP);
    expect(helpResourceFor('ES').selfExclusion?.name).toContain('RGIAJ');
  });

  it('writes one line with the age, the call and the help', () => {
    expect(responsiblePlayLine('ES')).toBe(
      '+21 · Juega con responsabilidad · Ayuda: Jugar Bien (DGOJ), jugarbien.es',
    );
    expect(responsiblePlayLine('MX')).toContain('tel. 800 911 2000');
    for (const code of COUNTRY_CODES) expect(findForbiddenPhrases(responsiblePlayLine(code))).toEqual([]);
  });
});
