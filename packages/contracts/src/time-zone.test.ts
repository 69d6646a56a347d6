import { describe, expect, it } from 'vitest';
import { countryFromTimeZone } from './countries';
import { kickOffText } from './kick-off-text';
import { dateInZoneText, isTimeZone, kickOffInAudienceZones, timeInZoneText, zoneLabel } from './time-zone';
import { ZTimeZone } from './locale-schemas';

// 20:00 UTC on Saturday 28 November 2026: 21:00 in Madrid, 14:00 in Mexico City.
const KICK_OFF = new Date('2026-11-28T20:00:00Z');

describe('time zones', () => {
  it('names each zone and writes the time in it', () => {
    expect(timeInZoneText(KICK_OFF, 'America/Mexico_City')).toBe('14:00 (hora de Ciudad de México)');
    expect(kickOffText(KICK_OFF)).toBe('sábado, 28 de noviembre, 21:00 (hora de España)');
    expect(kickOffText(KICK_OFF, 'America/Argentina/Buenos_Aires')).toBe(
      'sábado, 28 de noviembre, 17:00 (hora de Buenos Aires)',
    );
    expect(zoneLabel('America/Buenos_Aires')).toBe('hora de Buenos Aires');
    expect(zoneLabel('Asia/Ho_Chi_Minh')).toBe('hora de Ho Chi Minh');
    expect(zoneLabel('UTC')).toBe('hora UTC');
  });

  it('gives the calendar day of the zone', () => {
    // 02:00 UTC on the 29th is still the 28th in Mexico City.
    expect(dateInZoneText(new Date('2026-11-29T02:00:00Z'), 'America/Mexico_City')).toBe(
      '28 de noviembre de 2026',
    );
  });

  it('accepts IANA zones only', () => {
    expect(isTimeZone('America/Mexico_City')).toBe(true);
    expect(isTimeZone('Marte/Olympus')).toBe(false);
    expect(ZTimeZone.safeParse('').success).toBe(false);
    expect(ZTimeZone.safeParse('Europe/Madrid').success).toBe(true);
  });

  it('groups the audience zones that show the same time, and says a different day', () => {
    // In November Chile keeps summer time: the same clock as Argentina.
    expect(kickOffInAudienceZones(KICK_OFF)).toBe(
      '21:00 España · 14:00 México · 15:00 Colombia/Perú · 17:00 Argentina/Chile',
    );
    // In June Chile is an hour behind Argentina; a 01:00 kick-off in Spain is the day before in America.
    expect(kickOffInAudienceZones(new Date('2026-06-13T23:00:00Z'))).toBe(
      '01:00 España · 17:00 (sáb) México · 18:00 (sáb) Colombia/Perú · 20:00 (sáb) Argentina · 19:00 (sáb) Chile',
    );
  });

  it('guesses the country of a browser zone', () => {
    expect(countryFromTimeZone('America/Mexico_City')).toBe('MX');
    expect(countryFromTimeZone('America/Argentina/Cordoba')).toBe('AR');
    expect(countryFromTimeZone('Atlantic/Canary')).toBe('ES');
    expect(countryFromTimeZone('Asia/Tokyo')).toBe('OTHER');
  });
});
