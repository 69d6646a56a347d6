import { z } from 'zod';

// Zod's own texts, for the few rules the contracts give no message (a 200-character password
// cap…), in Spanish like everything else. Imported by the form pages only, which are loaded
// lazily: Zod never reaches the landing's first download.
z.config(z.locales.es());
