import { z } from 'zod';

// Zod's own texts, for the few rules the contracts give no message (a 200-character password
// cap…), in Spanish like everything else. Imported by the form pages only, which are loaded
// lazily: Zod never reaches the landing's first download.
z.config(z.locales.es());

// Zod probes for `new Function` when it builds an object schema; under the site's CSP (no
// 'unsafe-eval') the probe fails and the browser reports a CSP violation. Forms are small: the
// interpreted path is fast enough. Only schemas built after this line are spared, so this module
// must load before the contracts (login-validation.ts does so).
z.config({ jitless: true });
