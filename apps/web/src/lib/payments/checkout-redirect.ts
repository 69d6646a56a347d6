/** Hands the browser to the provider's checkout page. Its own module so tests can replace it:
 * jsdom cannot leave the page. */
export function redirectToCheckout(url: string): void {
  window.location.assign(url);
}

/** Only a web address may be followed: the answer names where the buyer's card details go. */
export function isCheckoutUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
