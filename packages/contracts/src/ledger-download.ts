// Downloads what a verifier needs from a MagoTips site, through the public API only, and runs
// the checks of ledger-verify.ts on it. The command line and the browser share it.
import type { z } from 'zod';
import type { LedgerEntry, LedgerHead } from './ledger';
import { ZLedgerHead, ZLedgerKey, ZLedgerPage } from './ledger-schemas';
import { signatureCheck } from './ledger-signature';
import { type ServerCountedTip, verifyLedger, type VerifyReport } from './ledger-verify';
import { ZTrackRecordResponse, ZTrackRecordTipsResponse } from './track-record-schemas';

type FetchLike = (
  url: string,
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export type DownloadOptions = {
  fetch?: FetchLike;
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

async function downloadEntries(
  fetcher: FetchLike,
  base: string,
  upTo: number,
  onProgress?: DownloadOptions['onProgress'],
): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let after = 0;
  while (after < upTo) {
    const limit = Math.min(PAGE, upTo - after);
    const page = await getJson(
      fetcher,
      `${base}/api/track-record/ledger?after=${after}&limit=${limit}`,
      ZLedgerPage,
    );
    if (page.entries.length === 0)
      throw new DownloadError(`El registro se acaba en #${after}, antes de la cabeza #${upTo}`);
    entries.push(...(page.entries as LedgerEntry[]));
    after = page.entries[page.entries.length - 1]?.seq ?? upTo;
    onProgress?.(entries.length, upTo);
  }
  return entries;
}

async function downloadTips(fetcher: FetchLike, base: string): Promise<ServerCountedTip[]> {
  const tips: ServerCountedTip[] = [];
  for (let page = 1; ; page += 1) {
    const res = await getJson(
      fetcher,
      `${base}/api/track-record/tips?limit=${TIPS_PAGE}&page=${page}`,
      ZTrackRecordTipsResponse,
    );
    tips.push(...res.tips);
    if (page >= res.pagination.pages) return tips;
  }
}

export type Snapshot = {
  head: LedgerHead;
  publicKey: string;
  entries: LedgerEntry[];
  summary: Record<string, unknown>;
  tips: ServerCountedTip[];
};

/** The head, then the server's figures, then the head again: equal heads mean the figures belong
 * to the ledger up to it (a result settled meanwhile moves the head, and we start over). */
export async function downloadSnapshot(
  base: string,
  options: DownloadOptions = {},
): Promise<Snapshot> {
  const fetcher: FetchLike = options.fetch ?? ((url) => fetch(url));
  const root = base.replace(/\/$/, '');
  const key = await getJson(fetcher, `${root}/api/track-record/ledger/key`, ZLedgerKey);
  for (let attempt = 1; ; attempt += 1) {
    const before = await getJson(fetcher, `${root}/api/track-record/ledger/head`, ZLedgerHead);
    const summary = await getJson(fetcher, `${root}/api/track-record`, ZTrackRecordResponse);
    const tips = await downloadTips(fetcher, root);
    const head = await getJson(fetcher, `${root}/api/track-record/ledger/head`, ZLedgerHead);
    if (head.seq !== before.seq && attempt < 3) continue;
    const entries = await downloadEntries(fetcher, root, head.seq, options.onProgress);
    return {
      head: { seq: head.seq, hash: head.hash, sig: head.sig, at: head.at },
      publicKey: key.publicKey,
      entries,
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
    check: await signatureCheck(snap.publicKey),
    serverSummary: snap.summary,
    serverTips: snap.tips,
    now: options.now ?? new Date(),
  });
  return { ...report, head: snap.head, publicKey: snap.publicKey };
}
