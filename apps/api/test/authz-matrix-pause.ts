import { PAUSE_TEXT } from '@magotips/contracts/pause';
import { MSG } from '@magotips/contracts/messages';
import { CALLERS, type Caller, type Expected } from './callers';
import type { MatrixRoute } from './authz-matrix';

// The rows of issue 32 item 3's pause (decision 0116): every signed-in caller pauses only their
// own account; a visitor has none. The bodies fail validation after the session check, so no
// caller is paused (a paused caller would be refused the purchases of later rows).

const NO_TOKEN: Expected = { status: 401, message: MSG.noToken };
const signedIn = (ok: Expected) =>
  ({
    ...Object.fromEntries(CALLERS.map((c) => [c, ok])),
    visitor: NO_TOKEN,
  }) as Record<Caller, Expected>;

export const PAUSE_ROUTES: MatrixRoute[] = [
  {
    route: 'POST /api/account/pause',
    request: () => ({ url: '/api/account/pause', payload: { months: 2, password: 'x' } }),
    expected: signedIn({ status: 400, message: PAUSE_TEXT.monthsInvalid }),
  },
  {
    route: 'POST /api/account/pause/lift',
    request: () => ({ url: '/api/account/pause/lift', payload: { password: '' } }),
    expected: signedIn({ status: 400, message: PAUSE_TEXT.passwordRequired }),
  },
];
