import { MSG } from '@magotips/contracts/messages';
import { CALLERS, type Caller, type Expected } from './callers';
import type { MatrixRoute } from './authz-matrix';

// The rows of issue 32 item 4's monthly spend limit (decision 0113): every signed-in caller
// reads and sets their own; a visitor has none.

const NO_TOKEN: Expected = { status: 401, message: MSG.noToken };
const signedIn = (ok: Expected) =>
  ({
    ...Object.fromEntries(CALLERS.map((c) => [c, ok])),
    visitor: NO_TOKEN,
  }) as Record<Caller, Expected>;

export const SPEND_LIMIT_ROUTES: MatrixRoute[] = [
  {
    route: 'GET /api/account/spend-limit',
    request: () => ({ url: '/api/account/spend-limit' }),
    expected: signedIn(200),
  },
  {
    // A limit as high as allowed: the callers' purchases in later rows are never refused.
    route: 'PUT /api/account/spend-limit',
    request: () => ({ url: '/api/account/spend-limit', payload: { monthlyLimit: 10_000 } }),
    expected: signedIn(200),
  },
];
