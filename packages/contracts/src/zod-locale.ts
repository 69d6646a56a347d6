import { z } from 'zod';

/** Zod's own messages (for rules SPEC.md gives no text) in Spanish, on client and server alike. */
export function useSpanishZodMessages(): void {
  z.config(z.locales.es());
}
