import { PAUSE_TEXT } from '@magotips/contracts/pause';
import { dateInZoneText } from '@magotips/contracts/time-zone';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, makeUser } from '../../../test/api-double';
import { heading1, openSignedIn } from '../../../test/payment-fixtures';
import {
  confirmWithConsent,
  openPurchase,
  PACK_CREATE,
  packState,
  planState,
  SUB_CREATE,
} from './testing/purchase-harness';

// Decision 0116: a paused reader buys nothing. The page says so instead of offering the button,
// and a refusal the server makes anyway (a pause from another device) shows as it is written.
const until = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000);
const untilText = dateInZoneText(until, 'America/Mexico_City');
const paused = makeUser({
  paused: true,
  pausedAt: new Date().toISOString(),
  pausedUntil: until.toISOString(),
  timeZone: 'America/Mexico_City',
});

describe('PurchasePage while the account is paused', () => {
  it('replaces the confirm button with the refusal and its end date', async () => {
    const { api } = openSignedIn({ pathname: '/purchase', state: packState() }, { user: paused });
    await heading1('Comprar Pack');
    expect(screen.getByText(PAUSE_TEXT.refused(untilText))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Confirmar Compra/ })).toBeNull();
    expect(api.callsTo(PACK_CREATE)).toHaveLength(0);
  });

  it('says an indefinite pause refuses too, for a plan', async () => {
    openSignedIn(
      { pathname: '/purchase', state: planState() },
      { user: makeUser({ paused: true, pausedAt: new Date().toISOString(), pausedUntil: null }) },
    );
    await heading1(/^Suscripción/);
    expect(screen.getByText(PAUSE_TEXT.refused(null))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Confirmar Compra|prueba gratuita/ })).toBeNull();
  });

  it('shows the server’s 409 PAUSED in an alert, for a pack and for a plan', async () => {
    const refusal = PAUSE_TEXT.refused(untilText);
    const pack = openPurchase(packState(), {
      [PACK_CREATE]: () => apiError(409, refusal, 'PAUSED'),
    });
    await heading1('Comprar Pack');
    await confirmWithConsent(pack.user);
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.queryByRole('button', { name: 'Limpiar Transacciones Pendientes' })).toBeNull();
    pack.unmount();

    const plan = openPurchase(planState(), {
      [SUB_CREATE]: () => apiError(409, refusal, 'PAUSED'),
    });
    await heading1(/^Suscripción/);
    await confirmWithConsent(plan.user);
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });
});
