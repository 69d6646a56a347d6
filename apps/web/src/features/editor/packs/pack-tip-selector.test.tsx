import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, storeSession } from '../../../../test/utils';
import { fakeApi, type FakeRequest } from '../../../../test/fake-api';
import { EDITOR, managementTip, tipId, tipsPage } from '../testing/fixtures';
import { PackTipSelector, truncateAnalysis } from './pack-tip-selector';

const NOW = new Date('2025-08-10T12:00:00.000Z');
const LONG =
  'Boston defiende el perímetro como nadie esta temporada y los Lakers juegan el segundo partido de un back-to-back.';

function Harness({ initial = [] as string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <PackTipSelector
      value={value}
      onChange={setValue}
      knownTips={[]}
      errorId="tips-error"
      error={undefined}
      now={NOW}
    />
  );
}

function premium(n: number, hoursBeforeNow: number) {
  return managementTip(n, {
    category: 'premium',
    title: `VIP ${n}`,
    matchDate: new Date(NOW.getTime() - hoursBeforeNow * 3_600_000).toISOString(),
    analisis: n === 1 ? LONG : `Corto ${n}`,
  });
}

describe('truncateAnalysis', () => {
  it('keeps 100 characters and marks the cut', () => {
    expect(truncateAnalysis(LONG)).toBe(`${LONG.slice(0, 100)}...`);
    expect(truncateAnalysis('Corto')).toBe('Corto');
  });
});

describe('PackTipSelector', () => {
  it('asks for premium tips 100 at a time, across every page', async () => {
    storeSession(EDITOR);
    const api = fakeApi(
      {
        'GET /tips': (request: FakeRequest) => {
          const page = Number(request.query.get('page'));
          return { body: tipsPage([premium(page, -5)], page, 150, 100) };
        },
      },
      { user: EDITOR },
    );
    renderWithApp(<Harness />);
    expect(await screen.findByText('VIP 2')).toBeVisible();
    expect(api.calls()).toEqual([
      'GET /tips?page=1&limit=100&management=true&category=premium',
      'GET /tips?page=2&limit=100&management=true&category=premium',
    ]);
  });

  it("truncates each analysis to 100 characters and flags tips 12 h past their match as 'Vencido'", async () => {
    storeSession(EDITOR);
    fakeApi(
      {
        // 13 h, 11 h and 1 h in the future.
        'GET /tips': {
          body: tipsPage([premium(1, 13), premium(2, 11), premium(3, -1)], 1, 3, 100),
        },
      },
      { user: EDITOR },
    );
    renderWithApp(<Harness />);

    const expired = (await screen.findByText('VIP 1')).closest('label')!;
    expect(within(expired).getByText('Vencido')).toBeVisible();
    expect(expired).toHaveTextContent(`${LONG.slice(0, 100)}...`);
    expect(expired).not.toHaveTextContent(LONG);
    expect(screen.getByText('VIP 2').closest('label')).not.toHaveTextContent('Vencido');
    expect(screen.getByText('VIP 3').closest('label')).not.toHaveTextContent('Vencido');
  });

  it("previews the first 3 selected tips, then '+N más'", async () => {
    storeSession(EDITOR);
    const tips = [1, 2, 3, 4, 5].map((n) => premium(n, -2));
    fakeApi({ 'GET /tips': { body: tipsPage(tips, 1, 5, 100) } }, { user: EDITOR });
    const user = userEvent.setup();
    renderWithApp(<Harness initial={[tipId(1)]} />);
    await screen.findByText('VIP 5', { selector: '.tip-option__title' });
    expect(screen.getByText('1 tip seleccionado')).toBeVisible();

    for (const n of [2, 3, 4, 5]) {
      await user.click(screen.getByRole('checkbox', { name: new RegExp(`VIP ${n}`) }));
    }

    expect(screen.getByText('5 tips seleccionados')).toBeVisible();
    const chips = screen.getByText('5 tips seleccionados').parentElement!.querySelectorAll('li');
    expect([...chips].map((chip) => chip.textContent)).toEqual([
      'VIP 1',
      'VIP 2',
      'VIP 3',
      '+2 más',
    ]);

    await user.click(screen.getByRole('checkbox', { name: /VIP 1/ }));
    expect(screen.getByText('4 tips seleccionados')).toBeVisible();
  });

  it("shows 'Error: <message>' with Reintentar when the tips fail to load", async () => {
    storeSession(EDITOR);
    fakeApi(
      {
        'GET /tips': { status: 500, body: { success: false, message: 'Sin conexión', code: 'X' } },
      },
      { user: EDITOR },
    );
    renderWithApp(<Harness />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error: Sin conexión');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });
});
