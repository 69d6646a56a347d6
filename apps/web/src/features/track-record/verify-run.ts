// What "Verificar" runs, in a chunk of its own: the page imports this file only when the button
// is pressed (track-record-page's initial JavaScript stays free of Zod, the ledger's schemas and
// the Ed25519 code). The checks are contracts' own, the same `npm run verify-record` runs.
import { verifySite } from '@magotips/contracts/ledger-download';
import { headLabel } from '@magotips/contracts/ledger-labels';

export type VerifyOutcome =
  { ok: true; summary: string } | { ok: false; summary: string; problems: string[] };

const count = new Intl.NumberFormat('es');
/** A broken chain can name every entry after the break: the page lists the first ones. */
const SHOWN_PROBLEMS = 50;

/** Downloads the whole ledger from `origin` and checks it, reporting entries downloaded. */
export async function verifyRecord(
  origin: string,
  onProgress: (done: number, total: number) => void,
): Promise<VerifyOutcome> {
  const report = await verifySite(origin, { onProgress });
  const where = `registro hasta la entrada ${headLabel(report.head)}`;
  if (report.ok) {
    return {
      ok: true,
      summary:
        `Verificado: ${count.format(report.entries)} entradas del ${where}, con la cadena y ` +
        `todas las firmas correctas; ${count.format(report.counted)} apuestas contadas, cada ` +
        'una fijada antes de su partido, y las cifras coinciden con las del servidor.',
    };
  }
  return {
    ok: false,
    summary: `${report.problems.length === 1 ? 'Un problema' : `${count.format(report.problems.length)} problemas`} en el ${where}:`,
    problems: [
      ...report.problems
        .slice(0, SHOWN_PROBLEMS)
        .map((p) => (p.seq === undefined ? p.message : `Entrada #${p.seq}: ${p.message}`)),
      ...(report.problems.length > SHOWN_PROBLEMS
        ? [`Y ${count.format(report.problems.length - SHOWN_PROBLEMS)} más.`]
        : []),
    ],
  };
}
