/** Where an under-21 visitor is sent: the Spanish government's responsible-gambling site, which
 * is for everyone and sells nothing (decision 0036). */
export const UNDER_AGE_EXIT_URL = 'https://www.jugarbien.es/';

/** Leaves MagoTips for good (replace: the back button must not bring the visitor back here). */
export function leaveSite(): void {
  window.location.replace(UNDER_AGE_EXIT_URL);
}
