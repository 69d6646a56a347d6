/** Everything the app keeps in localStorage (SPEC.md §3 "Stored in the browser"), in one place. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  disclaimerAccepted: 'disclaimerAccepted',
  cookieNoticeAccepted: 'cookieNoticeAccepted',
} as const;
