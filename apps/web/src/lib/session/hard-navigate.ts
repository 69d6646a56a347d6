/** A full page load. Used where the app must forget everything held in memory (cached answers
 * of a session that has just ended) and where no router is at hand. Its own module so tests
 * can replace it: jsdom cannot navigate. */
export function hardNavigate(url: string): void {
  window.location.assign(url);
}
