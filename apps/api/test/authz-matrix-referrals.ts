import { MSG } from '@magotips/contracts/messages';
import { CALLERS, type Caller, type Expected } from './callers';
import type { MatrixRoute } from './authz-matrix';

// Issue 33 item 3 (decision 0119): every signed-in caller reads their own referral link (made on
// the first read); a visitor has none.

const NO_TOKEN: Expected = { status: 401, message: MSG.noToken };
const signedIn = (ok: Expected) =>
  ({
    ...Object.fromEntries(CALLERS.map((c) => [c, ok])),
    visitor: NO_TOKEN,
  }) as Record<Caller, Expected>;

export const REFERRAL_ROUTES: MatrixRoute[] = [
  {
    route: 'GET /api/referrals/me',
    request: () => ({ url: '/api/referrals/me' }),
    expected: signedIn(200),
  },
];
