import type { TAlertPreferences, TAlertPreferencesResponse } from '@magotips/contracts/alerts';

// Decision 0107: what "on" means for a channel in the offer, and what its one tap saves. A reader
// who may get VIP alerts has the channel on when VIP tips arrive by it (what they just paid for);
// anyone else, when free tips do.

type Channel = keyof TAlertPreferences;

export function channelOn(answer: TAlertPreferencesResponse, channel: Channel): boolean {
  const switches = answer.preferences[channel];
  return answer.vipEligible ? switches.vip : switches.free;
}

/** The whole set with `channel` carrying every new tip this reader may get; the other channel
 * as saved. A VIP switch of someone not entitled is left as it was saved (decision 0042). */
export function withChannelOn(
  answer: TAlertPreferencesResponse,
  channel: Channel,
): TAlertPreferences {
  const saved = answer.preferences;
  return {
    ...saved,
    [channel]: { free: true, vip: answer.vipEligible || saved[channel].vip },
  };
}
