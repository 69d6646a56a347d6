import { MSG } from '@magotips/contracts/messages';
import { CALLERS, type Caller, type Expected } from './callers';
import type { MatrixRoute } from './authz-matrix';

// Issue 32 item 1 (decision 0114): every signed-in caller changes their own country and zone; a
// visitor has no account to change.

const NO_TOKEN: Expected = { status: 401, message: MSG.noToken };
const signedIn = (ok: Expected) =>
  ({
    ...Object.fromEntries(CALLERS.map((c) => [c, ok])),
    visitor: NO_TOKEN,
  }) as Record<Caller, Expected>;

export const PROFILE_ROUTES: MatrixRoute[] = [
  {
    // Spain's zone, which every caller already has: later rows read the same account.
    route: 'PATCH /api/auth/me',
    request: () => ({ url: '/api/auth/me', payload: { timeZone: 'Europe/Madrid' } }),
    expected: signedIn(200),
  },
];
