import { BUSINESS_TABLES } from '@magotips/contracts/business';
import { MSG } from '@magotips/contracts/messages';
import type { Caller, Expected } from './callers';
import type { MatrixRoute } from './authz-matrix';

// The rows of issue 33 item 2's business dashboard (decision 0117): admins only.

const NO_TOKEN: Expected = { status: 401, message: MSG.noToken };
const NOT_ADMIN: Expected = { status: 403, message: MSG.adminRequired, code: 'FORBIDDEN' };
const adminsOnly = (ok: Expected): Record<Caller, Expected> => ({
  visitor: NO_TOKEN,
  user: NOT_ADMIN,
  subscriber: NOT_ADMIN,
  buyer: NOT_ADMIN,
  editor: NOT_ADMIN,
  admin: ok,
  editorAdmin: ok,
});

export const BUSINESS_ROUTES: MatrixRoute[] = [
  {
    route: 'GET /api/admin/business',
    request: () => ({ url: '/api/admin/business?from=2026-05-01&to=2026-05-31' }),
    expected: adminsOnly(200),
  },
  ...BUSINESS_TABLES.map((table) => ({
    route: `GET /api/admin/business/export/${table}.csv`,
    request: () => ({ url: `/api/admin/business/export/${table}.csv` }),
    expected: adminsOnly(200),
  })),
];
