import { audienceHelpLine } from '@magotips/contracts/help-resources';
import { PAST_RESULTS_NOTICE } from '@magotips/contracts/responsible-play';
import { describe, expect, it } from 'vitest';
import type { AlertTip } from './alert-email';
import { telegramText } from './telegram-text';

const tip: AlertTip = {
  id: '7d4f0c1e-0000-4000-8000-000000000001',
  title: 'Betis vs. Sevilla',
  icon: 'football',
  category: 'free',
  matchDate: new Date('2026-11-28T20:00:00Z'),
  pick: 'Gana Betis',
  oddsCents: 185,
  stake: 2,
};

describe('the Telegram post of a new tip', () => {
  it("a free tip goes whole: match, kick-off in the audience's zones, the bet and the link", () => {
    expect(telegramText(tip, 'https://magotips.com')).toBe(
      [
        '⚽ Nuevo tip gratis: Betis vs. Sevilla',
        'Fútbol · 21:00 España · 14:00 México · 15:00 Colombia/Perú · 17:00 Argentina/Chile',
        'Pronóstico: Gana Betis · cuota 1,85 · stake 2 u',
        'Léelo en https://magotips.com/tip/7d4f0c1e-0000-4000-8000-000000000001',
        'Los resultados pasados no garantizan resultados futuros.',
        audienceHelpLine(),
      ].join('\n'),
    );
  });

  it('a free tip without a bet leaves the bet line out', () => {
    const text = telegramText(
      { ...tip, pick: null, oddsCents: null, stake: null },
      'https://magotips.com',
    );
    expect(text).not.toContain('Pronóstico');
    expect(text.split('\n')).toHaveLength(5);
  });

  it('a VIP tip is a teaser: no pick, odds or stake, and the way to become VIP', () => {
    const text = telegramText({ ...tip, category: 'premium' }, 'https://magotips.com');
    expect(text).toBe(
      [
        '🔒 Nuevo tip VIP: Betis vs. Sevilla · Fútbol · 21:00 España · 14:00 México · 15:00 Colombia/Perú · 17:00 Argentina/Chile · Hazte VIP en https://magotips.com/subscription',
        'Los resultados pasados no garantizan resultados futuros.',
        audienceHelpLine(),
      ].join('\n'),
    );
    expect(text).not.toMatch(/Gana Betis|1,85|stake/);
  });

  it('carries the ledger head when there is one, on free and VIP posts, never a VIP pick', () => {
    const witness = '#42 · 9f86d081884c7d65';
    const free = telegramText(tip, 'https://magotips.com', witness);
    expect(free.split('\n').at(-3)).toBe(
      'Registro del historial: #42 · 9f86d081884c7d65 · https://magotips.com/historial',
    );
    const vip = telegramText({ ...tip, category: 'premium' }, 'https://magotips.com', witness);
    expect(vip).toContain('Registro del historial: #42 · 9f86d081884c7d65');
    expect(vip).not.toContain('Gana Betis');
  });

  // Issue 32 items 5 and 2: every post, free or VIP, with or without a ledger head, ends on
  // the notice and then the audience's help line (the channel has no single reader).
  it('ends every post with the notice that past results guarantee nothing, then the help line', () => {
    const witness = '#42 · 9f86d081884c7d65';
    for (const t of [tip, { ...tip, category: 'premium' as const }])
      for (const w of [null, witness])
        expect(telegramText(t, 'https://magotips.com', w).split('\n').slice(-2)).toEqual([
          `${PAST_RESULTS_NOTICE}.`,
          audienceHelpLine(),
        ]);
  });
});
