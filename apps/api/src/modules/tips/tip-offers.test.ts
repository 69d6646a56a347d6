import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPaymentsApp, type PaymentsTestApp, tipId } from '../../../test/payments';
import { packs, tips } from '../../db/schema';

/** GET /api/tips/{id}/offers (issue 31 item 5): the packs on sale that hold a VIP tip and the
 * plans that open it, cheapest first, from the demo's catalogue. */
let t: PaymentsTestApp;

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: false, trials: true });
});
afterAll(() => t.close());

const offersOf = (id: string) => t.app.inject({ method: 'GET', url: `/api/tips/${id}/offers` });

describe('offers of a VIP tip', () => {
  it('lists the pack that holds it and every plan that opens it, cheapest first', async () => {
    const res = await offersOf(await tipId(t.database.db, 'Alcaraz vs. Sinner'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.packs).toEqual([
      expect.objectContaining({ nombre: 'Pack Fin de Semana Europeo', price: 19.99, tipCount: 4 }),
    ]);
    expect(body.plans.map((p: { key: string }) => p.key)).toEqual(['basic', 'premium', 'vip']);
    expect(body.plans[1]).toMatchObject({ price: 19.99, yearlyPrice: 179.99, trialDays: 7 });
    expect(body.plans[0]).toMatchObject({ grantsAllVipTips: false });
  });

  it('without a pack on sale holding it, only plans that grant every VIP tip', async () => {
    const id = await tipId(t.database.db, 'Chiefs vs. Bills');
    await t.database.db
      .update(packs)
      .set({ activo: false })
      .where(eq(packs.nombre, 'Pack Estados Unidos'));
    const body = (await offersOf(id)).json();
    expect(body.packs).toEqual([]);
    expect(body.plans.map((p: { key: string }) => p.key)).toEqual(['premium', 'vip']);
  });

  it('a free tip needs no offer; an unknown or unpublished tip is 404', async () => {
    const free = (await offersOf(await tipId(t.database.db, 'Real Madrid vs. Barcelona'))).json();
    expect(free).toEqual({ success: true, packs: [], plans: [] });
    expect((await offersOf('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await offersOf('no-uuid')).statusCode).toBe(400);
    const hidden = await tipId(t.database.db, 'Oilers vs. Maple Leafs');
    await t.database.db.update(tips).set({ isPublished: false }).where(eq(tips.id, hidden));
    expect((await offersOf(hidden)).statusCode).toBe(404);
  });
});
