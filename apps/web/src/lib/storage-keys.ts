/** Everything the app keeps in localStorage (SPEC.md §3 "Stored in the browser"), in one place. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  disclaimerAccepted: 'disclaimerAccepted',
  cookieNoticeAccepted: 'cookieNoticeAccepted',
  /** Followed by ':' and the account's id: the alerts offer was shown to it on this device
   * (decision 0107). */
  alertsOfferSeen: 'alertsOfferSeen',
} as const;
