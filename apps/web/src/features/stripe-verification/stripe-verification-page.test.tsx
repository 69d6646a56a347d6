import type { TVerificationRecord } from '@magotips/contracts/verification';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_USER } from '../../../test/utils';
import { json } from '../../../test/api-double';
import type { TSessionUser } from '../../lib/session/session-user';
import { answer, openPanel, record, section } from './testing/verification-fixtures';

describe('StripeVerificationPage access', () => {
  it('shows Acceso Denegado to someone who is not an admin, and calls nothing', async () => {
    const editor: TSessionUser = { ...TEST_USER, roles: [{ name: 'user' }, { name: 'editor' }] };
    const { api } = openPanel({}, editor);

    expect(screen.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
    expect(
      screen.getByText(
        'No tienes permisos para acceder a esta sección. Se requiere rol de administrador.',
      ),
    ).toBeVisible();
    expect(api.calls.filter((c) => c.key.includes('stripe-verification'))).toEqual([]);
  });
});

describe('StripeVerificationPage: latest and history', () => {
  it('shows every field of the latest record, money and dates in Spanish', async () => {
    openPanel({
      'GET /stripe-verification/latest': answer(record()),
      'GET /stripe-verification/history': answer([]),
    });
    const latest = section('Última verificación');
    const card = await within(latest).findByRole('article', { name: 'Verificación completa' });

    for (const text of [
      '0f6a1c9e-3b7d-4e2a-9c1f-5d8e7a6b4c3d',
      'Completa',
      'Éxito',
      // The time's wording depends on the ICU data ('…, 12:00' or '… a las 12:00').
      /15 de junio de 2026.*12:00/,
      'Merlín Administrador',
      'Stripe',
      '16 may 2026, 12:00 – 15 jun 2026, 12:00 (UTC)',
      // summary
      '$1,237.05 USD',
      '$2.95 USD',
      '$42.00 USD',
      '$32.50 USD',
      '$4.55 USD',
      // balance
      '$1,240.00 USD',
      // risk
      'Fraude, Cargo duplicado',
      // payouts
      '13 de junio de 2026',
      // reconciliation
      '✓ Coincide',
      // gifts, in the summary and their own block
      '2 · $39.98 USD',
      '$39.98 USD',
      '2 planes · 1 pack',
    ]) {
      expect(card, String(text)).toHaveTextContent(text);
    }
    const facts = within(card)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(facts).toContain('5');
    expect(facts).toContain('3');
    expect(within(card).getAllByText('USD').length).toBeGreaterThanOrEqual(4);
    const table = within(card).getByRole('table', { name: 'USD: ✓ Coincide' });
    const charged = within(table).getByRole('row', { name: /Importe cobrado/ });
    expect(
      within(charged)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$59.99', '$59.99']);
  });

  it('tells gifts sold from gifts redeemed, and says when a record predates them', async () => {
    openPanel({
      'GET /stripe-verification/latest': answer(record()),
      'GET /stripe-verification/history': answer([
        record({ verificationId: '1f6a1c9e-3b7d-4e2a-9c1f-5d8e7a6b4c3d', gifts: null }),
      ]),
    });
    const card = await within(section('Última verificación')).findByRole('article', {
      name: 'Verificación completa',
    });
    const gifts = within(card).getByRole('heading', { name: 'Regalos' }).closest('section');
    if (!gifts) throw new Error('no gifts block');
    const fact = (label: string) =>
      within(gifts).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Regalos vendidos')).toBe('2');
    expect(fact('Importe de regalos vendidos')).toBe('$39.98 USD');
    expect(fact('Regalos canjeados')).toBe('3');
    expect(fact('Canjeados: comprados por clientes')).toBe('1');
    expect(fact('Canjeados: códigos del administrador')).toBe('2');

    // The older record (closed <details>, still in the document) says why it has no figures.
    const older = await screen.findByRole('list', {
      name: 'Verificaciones, de la más reciente a la más antigua',
    });
    expect(older).toHaveTextContent('No disponible: esta verificación es anterior a los regalos');
    expect(card).not.toHaveTextContent('anterior a los regalos');
  });

  it("says 'Varias monedas', what was not part of the check and what could not be read", async () => {
    openPanel({
      'GET /stripe-verification/latest': answer(
        record({
          verificationType: 'balance',
          status: 'partial_success',
          provider: 'simulated',
          summary: {
            netRevenue: 28.5,
            totalFees: 1.5,
            retainedAmount: null,
            bankTransfers: null,
            pendingAmount: null,
            currency: 'mixed',
          },
          balanceData: {
            totalNetAmount: 28.5,
            totalFees: 1.5,
            totalGrossAmount: 30,
            transactionCount: 2,
            currency: 'mixed',
          },
          riskPaymentsData: null,
          payoutsData: null,
          issues: ['No se pudo leer el balance: no se pudo conectar con el proveedor.'],
        }),
      ),
      'GET /stripe-verification/history': answer([]),
    });
    const card = await within(section('Última verificación')).findByRole('article', {
      name: 'Verificación de balance',
    });

    expect(card).toHaveTextContent('Éxito parcial');
    expect(card).toHaveTextContent('Simulado (sin clave de Stripe)');
    expect(card).toHaveTextContent('28.50 (varias monedas)');
    expect(within(card).getAllByText('Varias monedas').length).toBe(2);
    expect(card).toHaveTextContent(
      'No se pudo leer el balance: no se pudo conectar con el proveedor.',
    );
    // Pending balance belongs to a balance check: missing because it failed, not left out.
    expect(within(card).getAllByText('No disponible')).toHaveLength(1);
    expect(within(card).getAllByText('No incluido')).toHaveLength(2);
    expect(within(card).getAllByText('No incluido en esta verificación')).toHaveLength(2);
  });

  it('says when nothing has been verified yet', async () => {
    openPanel({
      'GET /stripe-verification/latest': answer(null),
      'GET /stripe-verification/history': answer([]),
    });

    expect(
      await within(section('Última verificación')).findByText(
        /Todavía no se ha hecho ninguna verificación/,
      ),
    ).toBeVisible();
    expect(
      await within(section('Historial')).findByText('Todavía no hay verificaciones guardadas.'),
    ).toBeVisible();
  });

  it("shows SPEC.md's error texts, with the server's reason or 'HTTP error! status: N', and retries", async () => {
    let historyFails = true;
    const { api, user } = openPanel({
      'GET /stripe-verification/latest': () =>
        json({ success: false, message: 'Base de datos ocupada', code: 'X' }, 503),
      'GET /stripe-verification/history': () =>
        historyFails ? json({}, 500) : json({ success: true, data: [record()] }),
    });

    const latestAlert = await within(section('Última verificación')).findByRole('alert');
    expect(latestAlert).toHaveTextContent('Error obteniendo última verificación');
    expect(latestAlert).toHaveTextContent('Base de datos ocupada');
    const historyAlert = await within(section('Historial')).findByRole('alert');
    expect(historyAlert).toHaveTextContent('Error obteniendo historial');
    expect(historyAlert).toHaveTextContent('HTTP error! status: 500');

    historyFails = false;
    await user.click(within(historyAlert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(section('Historial')).findByText('Verificación completa')).toBeVisible();
    expect(api.callsTo('GET /stripe-verification/history?limit=20')).toHaveLength(2);
  });

  it('lists the last 20, newest first, each opening to its fields', async () => {
    const older = record({
      verificationId: 'a0000000-0000-4000-8000-000000000001',
      verificationType: 'payouts',
      status: 'failed',
      verifiedAt: '2026-06-14T09:30:00.000Z',
    });
    const { api, user } = openPanel({
      'GET /stripe-verification/latest': answer(record()),
      'GET /stripe-verification/history': answer([record(), older]),
    });
    const list = await within(section('Historial')).findByRole('list');
    const items = within(list).getAllByRole('listitem');

    const summaries = items.map((i) => i.querySelector('summary')?.textContent ?? '');
    expect(summaries[0]).toMatch(
      /^Verificación completaÉxito15 de junio de 2026.*12:00 · Merlín Administrador$/,
    );
    expect(summaries[1]).toMatch(
      /^Verificación de transferenciasFallida14 de junio de 2026.*9:30 · Merlín Administrador$/,
    );
    expect(api.callsTo('GET /stripe-verification/history?limit=20')).toHaveLength(1);
    const second = items[1]!;
    expect(within(second).getByText('a0000000-0000-4000-8000-000000000001')).not.toBeVisible();
    await user.click(within(second).getByText('Verificación de transferencias'));
    expect(within(second).getByText('a0000000-0000-4000-8000-000000000001')).toBeVisible();
  });
});

describe('StripeVerificationPage: running checks', () => {
  it('runs the balance check, shows the new record as the latest and reloads the history', async () => {
    const fresh = record({
      verificationId: 'b0000000-0000-4000-8000-000000000002',
      verificationType: 'balance',
    });
    let stored: TVerificationRecord[] = [];
    const { api, user } = openPanel({
      'GET /stripe-verification/latest': () => json({ success: true, data: stored[0] ?? null }),
      'GET /stripe-verification/history': () => json({ success: true, data: stored }),
      'GET /stripe-verification/balance': () => {
        stored = [fresh];
        return json({ success: true, data: fresh });
      },
    });
    await within(section('Historial')).findByText('Todavía no hay verificaciones guardadas.');

    await user.click(screen.getByRole('button', { name: 'Verificar balance' }));

    expect(await screen.findByText('Verificación guardada: Éxito.')).toBeVisible();
    expect(
      await within(section('Última verificación')).findByRole('article', {
        name: 'Verificación de balance',
      }),
    ).toBeVisible();
    expect(await within(section('Historial')).findByText('Verificación de balance')).toBeVisible();
    expect(api.callsTo('GET /stripe-verification/balance')).toHaveLength(1);
  });

  it.each([
    ['Verificación completa', '/stripe-verification/summary', 'Error en verificación completa'],
    ['Verificar balance', '/stripe-verification/balance', 'Error en verificación de balance'],
    [
      'Verificar pagos retenidos',
      '/stripe-verification/payments',
      'Error en verificación de pagos retenidos',
    ],
    [
      'Verificar transferencias',
      '/stripe-verification/payouts',
      'Error en verificación de transferencias',
    ],
  ])('%s: a failure reads %s', async (button, path, title) => {
    const { user } = openPanel({
      'GET /stripe-verification/latest': answer(null),
      'GET /stripe-verification/history': answer([]),
      [`GET ${path}`]: () => json({}, 502),
    });
    await user.click(screen.getByRole('button', { name: button }));

    const alert = await within(section('Nueva verificación')).findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent('HTTP error! status: 502');
    await user.click(within(alert).getByRole('button', { name: 'Cerrar' }));
    expect(within(section('Nueva verificación')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("period: 'Selecciona fechas de inicio y fin' without both dates, then sends them", async () => {
    let stored: TVerificationRecord | null = null;
    const { api, user } = openPanel({
      'GET /stripe-verification/latest': () => json({ success: true, data: stored }),
      'GET /stripe-verification/history': answer([]),
      'GET /stripe-verification/period': () => {
        stored = record({ verificationType: 'period' });
        return json({ success: true, data: stored });
      },
    });
    const run = section('Nueva verificación');
    const submit = within(run).getByRole('button', { name: 'Verificar periodo' });

    await user.click(submit);
    expect(within(run).getByRole('alert')).toHaveTextContent('Selecciona fechas de inicio y fin');
    expect(within(run).getByLabelText('Fecha de inicio')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(run).getByLabelText('Fecha de inicio'), '2026-06-10');
    await user.click(submit);
    expect(within(run).getByRole('alert')).toHaveTextContent('Selecciona fechas de inicio y fin');

    await user.type(within(run).getByLabelText('Fecha de fin'), '2026-06-01');
    await user.click(submit);
    expect(within(run).getByRole('alert')).toHaveTextContent(
      'La fecha de inicio no puede ser posterior a la fecha de fin.',
    );
    expect(api.calls.filter((c) => c.key.startsWith('GET /stripe-verification/period'))).toEqual(
      [],
    );

    await user.clear(within(run).getByLabelText('Fecha de inicio'));
    await user.type(within(run).getByLabelText('Fecha de inicio'), '2026-05-01');
    await user.click(submit);
    await waitFor(() =>
      expect(api.calls.map((c) => c.key)).toContain(
        'GET /stripe-verification/period?startDate=2026-05-01&endDate=2026-06-01',
      ),
    );
    expect(
      await within(section('Última verificación')).findByRole('article', {
        name: 'Verificación de periodo',
      }),
    ).toBeVisible();
  });

  it('period: the server refusal shows under its title', async () => {
    const { user } = openPanel({
      'GET /stripe-verification/latest': answer(null),
      'GET /stripe-verification/history': answer([]),
      'GET /stripe-verification/period': () =>
        json(
          {
            success: false,
            message: 'El periodo no puede superar 366 días.',
            code: 'INVALID_PERIOD',
          },
          400,
        ),
    });
    const run = section('Nueva verificación');
    await user.type(within(run).getByLabelText('Fecha de inicio'), '2026-05-01');
    await user.type(within(run).getByLabelText('Fecha de fin'), '2026-06-01');
    await user.click(within(run).getByRole('button', { name: 'Verificar periodo' }));

    const alert = await within(run).findByRole('alert');
    expect(alert).toHaveTextContent('Error en verificación de periodo');
    expect(alert).toHaveTextContent('El periodo no puede superar 366 días.');
  });
});
