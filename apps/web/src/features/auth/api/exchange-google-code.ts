import type { TAuthResponse } from '@magotips/contracts/auth';
import type { TGoogleExchangeRequest } from '@magotips/contracts/google-exchange';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/google/exchange: the one-time code of /auth/callback for the session. The
 * browser's binding cookie goes along by itself (same origin); no stored token is sent. */
export function exchangeGoogleCode(body: TGoogleExchangeRequest): Promise<TAuthResponse> {
  return apiRequest<TAuthResponse>('/auth/google/exchange', { method: 'POST', body, auth: false });
}
