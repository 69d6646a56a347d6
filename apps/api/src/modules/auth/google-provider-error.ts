/** Anything that went wrong on Google's side of the sign-in, or between us and Google: the
 * person sees google_auth_failed, the log gets `reason` (never a token or an e-mail). */
export class GoogleProviderError extends Error {
  constructor(
    public readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Google sign-in failed: ${reason}`, options);
    this.name = 'GoogleProviderError';
  }
}
