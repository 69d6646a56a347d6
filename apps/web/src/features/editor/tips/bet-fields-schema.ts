import { parseOdds, ZBookmaker, ZPick, ZStake } from '@magotips/contracts/bet-schema';
import { MSG } from '@magotips/contracts/messages';
import type { TManagementTip } from '@magotips/contracts/tips';

/** The bet as the form's inputs give it: text, so "1,85" reaches the contract's parser as typed. */
export type BetText = { pick: string; odds: string; stake: string; bookmaker: string };
export type Bet = { pick: string; odds: number; stake: number; bookmaker: string | null };
export type BetIssue = { path: keyof BetText; message: string };

const REQUIRED: Record<'pick' | 'odds' | 'stake', string> = {
  pick: MSG.pickRequired,
  odds: MSG.oddsRequired,
  stake: MSG.stakeRequired,
};
const BET_KEYS = ['pick', 'odds', 'stake'] as const;

/**
 * Reads the bet fields of a "Con apuesta" tip with the contract's rules, every broken rule at
 * once: pick, odds and stake must be there and valid, the bookmaker is optional. ("Análisis sin
 * apuesta" is the form's explicit choice, so empty fields never mean "no bet".)
 */
export function readBet(text: BetText): { bet: Bet | null; issues: BetIssue[] } {
  const empty = (key: keyof BetText) => text[key].trim() === '';
  const issues: BetIssue[] = [];
  for (const key of BET_KEYS) {
    if (empty(key)) issues.push({ path: key, message: REQUIRED[key] });
  }
  const pick = empty('pick') ? null : ZPick.safeParse(text.pick);
  if (pick && !pick.success) {
    issues.push({ path: 'pick', message: pick.error.issues[0]?.message ?? MSG.pickRequired });
  }
  const odds = empty('odds') ? null : parseOdds(text.odds);
  if (odds && !odds.ok) issues.push({ path: 'odds', message: odds.message });
  const stake = empty('stake') ? null : ZStake.safeParse(text.stake.trim());
  if (stake && !stake.success) {
    issues.push({ path: 'stake', message: stake.error.issues[0]?.message ?? MSG.stakeRange });
  }
  const bookmaker = ZBookmaker.safeParse(text.bookmaker);
  if (!bookmaker.success) {
    issues.push({
      path: 'bookmaker',
      message: bookmaker.error.issues[0]?.message ?? MSG.bookmakerTooLong,
    });
  }

  if (issues.length > 0 || !pick?.success || !odds?.ok || !stake?.success || !bookmaker.success) {
    return { bet: null, issues };
  }
  return {
    bet: { pick: pick.data, odds: odds.value, stake: stake.data, bookmaker: bookmaker.data },
    issues,
  };
}

/** Odds back into the field as a Spanish reader writes them ("1,85"), never grouped. */
export function oddsText(odds: number | null): string {
  return odds === null ? '' : odds.toFixed(2).replace('.', ',');
}

export function betText(tip: TManagementTip | undefined): BetText {
  return {
    pick: tip?.pick ?? '',
    odds: oddsText(tip?.odds ?? null),
    stake: tip?.stake === null || tip?.stake === undefined ? '' : String(tip.stake),
    bookmaker: tip?.bookmaker ?? '',
  };
}

/** What the form opens with: a new tip with its bet, a stored one as it was saved. */
export function betModeOf(tip: TManagementTip | undefined): 'bet' | 'none' {
  return !tip || tip.pick !== null ? 'bet' : 'none';
}
