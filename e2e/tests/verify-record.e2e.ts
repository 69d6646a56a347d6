// The record every journey before this one wrote (tips published, moved, kicked off, settled,
// corrected, withdrawn, through the browser and the API), checked by `npm run verify-record` as
// any reader would run it against the site: the chain, every signature, every reveal against its
// commitment, each counted bet committed before its kick-off, and the summary recomputed and
// compared with GET /api/track-record. The sequencer (support/sequencer.ts) runs it last.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function verifyRecord(url: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'verify-record', '--', '--url', url],
      { cwd: ROOT, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 99) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe('the record after every journey', () => {
  it('passes the verifier anyone can run, with the bets the journeys counted', async () => {
    const { code, output } = await verifyRecord(inject('baseUrl'));
    expect(code, output).toBe(0);
    expect(output).toMatch(/^OK: cadena, firmas, revelaciones y resumen coinciden/m);
    // Not an empty ledger passing by default: the journeys' bets are in it and they count.
    const counted = /(\d+) apuestas cuentan/.exec(output);
    expect(Number(counted?.[1] ?? 0), output).toBeGreaterThan(0);
  }, 150_000);
});
