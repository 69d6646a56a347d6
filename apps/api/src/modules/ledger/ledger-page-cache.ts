import type { JsonText } from '../../lib/json-text';

/**
 * Full pages of the ledger never change (entries are only appended), so each is encoded once and
 * kept, with its compressed bodies (json-text.ts), while it fits: the oldest out first, so a
 * verifier walking the whole ledger and the latest pages readers open share a few megabytes.
 */
export function createLedgerPageCache(maxBytes: number) {
  const pages = new Map<string, JsonText>();
  let bytes = 0;
  return {
    get: (key: string) => pages.get(key),
    set(key: string, text: JsonText): void {
      if (text.json.length > maxBytes || pages.has(key)) return;
      pages.set(key, text);
      bytes += text.json.length;
      for (const [oldKey, old] of pages) {
        if (bytes <= maxBytes) break;
        pages.delete(oldKey);
        bytes -= old.json.length;
      }
    },
  };
}
