import { z } from 'zod';
import { COUNTRY_CODES, COUNTRY_TEXT } from './countries';
import { isTimeZone, TIME_ZONE_TEXT } from './time-zone';

// A reader's country and time zone as a request carries them (decision 0114). Apart from
// countries.ts and time-zone.ts, which the footer and every date on the landing read and which
// must stay free of Zod: the landing's entry carries none.

export const ZCountry = z.enum(COUNTRY_CODES, { error: COUNTRY_TEXT.invalid });

export const ZTimeZone = z
  .string({ error: TIME_ZONE_TEXT.invalid })
  .trim()
  .refine(isTimeZone, TIME_ZONE_TEXT.invalid);
