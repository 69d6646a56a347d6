// Downloads what a verifier needs from a MagoTips site, through the public API only, and runs
// the checks of ledger-verify.ts on it. The command line and the browser share it.
import type { z } from 'zod';
import type { LedgerEntry, LedgerHead, Sha256Hex } from './ledger';
import { ZLedgerHead, ZLedgerKey, ZLedgerPage } from './ledger-schemas';
import { signatureCheck } from './ledger-signature';
import {
  type LedgerProblem,
  type ServerCountedTip,
  signatureProblemsOf,
  verifyLedger,
  type VerifyReport,
} from './ledger-verify';
import type { SignatureCheck } from './ledger-signature';
import { ZTrackRecordResponse, ZTrackRecordTipsResponse } from './track-record-schemas';

type FetchLike = (
  url: string,
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export type DownloadOptions = {
  fetch?: FetchLike;
  /** How to check a signature with the site's key: the platform's WebCrypto (or @noble/curves)
   * unless the caller brings its own, as the command line does with Node's crypto. */
  checkFor?: (publicKeyHex: string) => Promise<SignatureCheck>;
  /** A native SHA-256 for the chain (ledger-verify.ts); @noble/hashes otherwise. */
  sha256?: Sha256Hex;
  /** Entries downloaded so far, and how many the head announces. */
  onProgress?: (done: number, total: number) => void;
};

const PAGE = 1000;
const TIPS_PAGE = 1000;

export class DownloadError extends Error {}

async function getJson<S extends z.ZodType>(
  fetcher: FetchLike,
  url: string,
  schema: S,
): Promise<z.output<S>> {
  const res = await fetcher(url);
  if (!res.ok) throw new DownloadError(`${url} respondió ${res.status}`);
  const parsed = schema.safeParse(await res.json());
  if (!parsed.success) throw new DownloadError(`${url} devolvió datos con un formato inesperado`);
  return parsed.data;
}

/** Pages downloaded at once: the server answers full pages from memory once served. */
const PARALLEL_PAGES = 4;

type EntriesDownload = { entries: LedgerEntry[]; signatureProblems: LedgerProblem[] };

/**
 * Every entry up to `upTo`, in pages of 1000 fetched a few at a time; each page's signatures
 * are checked as soon as it arrives, while the next pages download.
 */
async function downloadEntries(
  fetcher: FetchLike,
  base: string,
  upTo: number,
  check: SignatureCheck,
  onProgress?: DownloadOptions['onProgress'],
): Promise<EntriesDownload> {
  const starts: number[] = [];
  for (let after = 0; after < upTo; after += PAGE) starts.push(after);
  const pages: LedgerEntry[][] = new Array(starts.length);
  const checks: Promise<LedgerProblem[]>[] = new Array(starts.length);
  let done = 0;
  let next = 0;
  async function worker(): Promise<void> {
    while (next < starts.length) {
      const i = next++;
      const after = starts[i] ?? 0;
      const limit = Math.min(PAGE, upTo - after);
      const page = await getJson(
        fetcher,
        `${base}/api/track-record/ledger?after=${after}&limit=${limit}`,
        ZLedgerPage,
      );
      const entries = page.entries as LedgerEntry[];
      if (entries.length === 0)
        throw new DownloadError(`El registro se acaba en #${after}, antes de la cabeza #${upTo}`);
      pages[i] = entries;
      checks[i] = signatureProblemsOf(entries, check);
      done += entries.length;
      onProgress?.(done, upTo);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL_PAGES }, worker));
  const signatureProblems = (await Promise.all(checks)).flat();
  return { entries: pages.flat(), signatureProblems };
}

async function downloadTips(fetcher: FetchLike, base: string): Promise<ServerCountedTip[]> {
  const pageOf = (page: number) =>
    getJson(
      fetcher,
      `${base}/api/track-record/tips?limit=${TIPS_PAGE}&page=${page}`,
      ZTrackRecordTipsResponse,
    );
  const first = await pageOf(1);
  // The first page says how many there are; the rest come a few at a time, kept in order.
  const rest: ServerCountedTip[][] = new Array(Math.max(0, first.pagination.pages - 1));
  let next = 0;
  async function worker(): Promise<void> {
    while (next < rest.length) {
      const i = next++;
      rest[i] = (await pageOf(i + 2)).tips;
    }
  }
  await Promise.all(Array.from({ length: PARALLEL_PAGES }, worker));
  return [...first.tips, ...rest.flat()];
}

export type Snapshot = {
  head: LedgerHead;
  publicKey: string;
  entries: LedgerEntry[];
  signatureProblems: LedgerProblem[];
  summary: Record<string, unknown>;
  tips: ServerCountedTip[];
};

/** The head, then the ledger up to it with the server's figures, then the head again: equal heads
 * mean the figures belong to the ledger up to it (a result settled meanwhile moves the head, and
 * we start over). */
export async function downloadSnapshot(
  base: string,
  options: DownloadOptions = {},
): Promise<Snapshot> {
  const fetcher: FetchLike = options.fetch ?? ((url) => fetch(url));
  const root = base.replace(/\/$/, '');
  const key = await getJson(fetcher, `${root}/api/track-record/ledger/key`, ZLedgerKey);
  const check = await (options.checkFor ?? signatureCheck)(key.publicKey);
  for (let attempt = 1; ; attempt += 1) {
    const before = await getJson(fetcher, `${root}/api/track-record/ledger/head`, ZLedgerHead);
    // The entries up to that head, the server's figures and its counted bets, side by side.
    const [summary, tips, { entries, signatureProblems }] = await Promise.all([
      getJson(fetcher, `${root}/api/track-record`, ZTrackRecordResponse),
      downloadTips(fetcher, root),
      downloadEntries(fetcher, root, before.seq, check, options.onProgress),
    ]);
    const after = await getJson(fetcher, `${root}/api/track-record/ledger/head`, ZLedgerHead);
    if (after.seq !== before.seq && attempt < 3) continue;
    return {
      head: { seq: before.seq, hash: before.hash, sig: before.sig, at: before.at },
      publicKey: key.publicKey,
      entries,
      signatureProblems,
      summary: summary.data,
      tips,
    };
  }
}

/** Downloads and checks; `now` decides which matches have started. */
export async function verifySite(
  base: string,
  options: DownloadOptions & { now?: Date } = {},
): Promise<VerifyReport & { head: LedgerHead; publicKey: string }> {
  const snap = await downloadSnapshot(base, options);
  const report = await verifyLedger({
    entries: snap.entries,
    head: snap.head,
    check: await (options.checkFor ?? signatureCheck)(snap.publicKey),
    signatureProblems: snap.signatureProblems,
    serverSummary: snap.summary,
    serverTips: snap.tips,
    now: options.now ?? new Date(),
    ...(options.sha256 ? { sha256: options.sha256 } : {}),
  });
  return { ...report, head: snap.head, publicKey: snap.publicKey };
}
