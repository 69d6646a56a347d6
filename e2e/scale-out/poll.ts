/** Polls `check` until it returns a value other than null/undefined/false, or fails after
 * `timeoutMs` naming `what`. Work across processes (logs, e-mails, timers) needs waiting. */
export async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  { timeoutMs = 20_000, everyMs = 200 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando: ${what}`);
    await sleep(everyMs);
  }
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));
