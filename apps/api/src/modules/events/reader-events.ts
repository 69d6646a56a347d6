import type { EventBus } from './event-bus';

/**
 * What gives a reader something the bot may owe them in a private chat (decision 0110): a pack
 * of theirs (paid or a gift code's), a tip added to a pack of theirs, or their Telegram account
 * linked. Pack purchases, packs and telegram emit it inside the transaction of the change; alerts subscribes in its routes. The
 * type lives here, below all three, because pack purchases sit a floor above alerts and alerts
 * may not import them.
 */
export type ReaderEvent =
  /** A standing purchase of `packId` was recorded; `transactionId` is its payment (or gift). */
  | { type: 'packBought'; at: Date; userId: string; packId: string; transactionId: string }
  /** The reader's account was linked to a Telegram user (decision 0102), now. */
  | { type: 'telegramLinked'; at: Date; userId: string }
  /** An editor changed which tips `packId` holds: its standing buyers may own new ones (the
   * catalogue records them, decision 0028), so each of them may be owed a copy. */
  | { type: 'packTipsChanged'; at: Date; packId: string }
  /** The reader paused their account (decision 0116): subscriptions stop the renewal (at the
   * provider too); the alerts and the VIP group read the pause themselves. */
  | { type: 'readerPaused'; at: Date; userId: string };

export type ReaderEventBus = EventBus<ReaderEvent>;
