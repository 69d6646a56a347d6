import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SignatureCheck } from '@magotips/contracts/ledger-signature';

// The worker's whole program, run as CommonJS: libsodium's Ed25519 verification, half of
// OpenSSL's time per signature here (65 µs against 135 µs), on a batch of hex texts at a time.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const sodium = require(workerData.sodium);
const key = Buffer.from(workerData.publicKey, 'hex');
parentPort.postMessage({ ready: true });
parentPort.on('message', ({ id, hashes, sigs }) => {
  const ok = new Uint8Array(hashes.length);
  for (let i = 0; i < hashes.length; i++) {
    const sig = Buffer.from(sigs[i], 'hex');
    const hash = Buffer.from(hashes[i], 'hex');
    ok[i] = sig.length === 64 && hash.length === 32 &&
      sodium.crypto_sign_verify_detached(sig, hash, key) ? 1 : 0;
  }
  parentPort.postMessage({ id, ok }, [ok.buffer]);
});
`;

type Pending = { hashes: string[]; sigs: string[]; resolve: Array<(ok: boolean) => void> };

/**
 * The command line's signature check (issue 27: 100 000 entries in ≤ 10 s): every signature still
 * checked, by libsodium (sodium-native) on worker threads, while the main thread downloads,
 * parses and hashes the chain. Checks asked for in one turn of the event loop (a page's) travel
 * to the workers as one message each. Null when sodium-native cannot load here: the caller then
 * uses Node's own crypto.
 */
export async function sodiumSignatureCheck(publicKeyHex: string): Promise<SignatureCheck | null> {
  if (!/^[0-9a-f]{64}$/.test(publicKeyHex)) throw new Error('Clave pública Ed25519 no válida');
  let sodiumPath: string;
  try {
    sodiumPath = createRequire(import.meta.url).resolve('sodium-native');
  } catch {
    return null;
  }
  const count = Math.max(1, Math.min(4, availableParallelism()));
  const workers = Array.from(
    { length: count },
    () =>
      new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { sodium: sodiumPath, publicKey: publicKeyHex },
      }),
  );
  // Each worker says it is ready once libsodium has loaded; an error first means it cannot.
  const ready = await Promise.all(
    workers.map(
      (w) =>
        new Promise<boolean>((resolve) => {
          w.once('message', () => resolve(true));
          w.once('error', () => resolve(false));
        }),
    ),
  );
  if (!ready.every(Boolean)) {
    await Promise.all(workers.map((w) => w.terminate()));
    return null;
  }

  const waiting = new Map<number, Array<(ok: boolean) => void>>();
  let nextId = 0;
  // Idle workers must not keep the process alive once the verifier is done.
  const settle = () => {
    for (const w of workers) {
      if (waiting.size === 0) w.unref();
      else w.ref();
    }
  };
  for (const w of workers) {
    w.on('message', ({ id, ok }: { id: number; ok: Uint8Array }) => {
      const resolvers = waiting.get(id) ?? [];
      waiting.delete(id);
      resolvers.forEach((resolve, i) => resolve(ok[i] === 1));
      settle();
    });
    // A worker that dies fails its checks: a verifier must never pass what it did not check.
    w.on('error', () => {
      for (const resolvers of waiting.values()) for (const r of resolvers) r(false);
      waiting.clear();
      settle();
    });
  }
  settle();

  let pending: Pending | null = null;
  const flush = () => {
    const batch = pending;
    pending = null;
    if (!batch) return;
    const size = Math.ceil(batch.hashes.length / workers.length);
    workers.forEach((w, k) => {
      const from = k * size;
      if (from >= batch.hashes.length) return;
      const id = nextId++;
      waiting.set(id, batch.resolve.slice(from, from + size));
      w.postMessage({
        id,
        hashes: batch.hashes.slice(from, from + size),
        sigs: batch.sigs.slice(from, from + size),
      });
    });
    settle();
  };
  return (hashHex, sigHex) =>
    new Promise<boolean>((resolve) => {
      if (!pending) {
        pending = { hashes: [], sigs: [], resolve: [] };
        setImmediate(flush);
      }
      pending.hashes.push(hashHex);
      pending.sigs.push(sigHex);
      pending.resolve.push(resolve);
    });
}
