// `npm run verify-record -- --url https://magotips.com`: checks a MagoTips site's public track
// record without trusting its server (the proof issue). Downloads the whole ledger, its head and
// key, the published record and every counted bet, through the public API only, and runs the
// checks written once in contracts (the same ones /historial's "Verificar" runs in the browser).
// Exits 0 only when everything agrees; 1 when something does not (each problem names its entry
// or tip); 2 when the site could not be read.
import { createHash } from 'node:crypto';
import { headLabel } from '@magotips/contracts/ledger';
import { DownloadError, verifySite } from '@magotips/contracts/ledger-download';
import { nodeSignatureCheck } from './node-signature-check';
import { sodiumSignatureCheck } from './sodium-signature-check';

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<number> {
  const url = argument('--url');
  if (!url || !/^https?:\/\//.test(url)) {
    console.error('Uso: npm run verify-record -- --url https://magotips.com [--json]');
    return 2;
  }
  const asJson = process.argv.includes('--json');
  const started = performance.now();
  let lastShown = 0;
  const report = await verifySite(url, {
    // libsodium on worker threads; Node's own crypto where sodium-native cannot load.
    checkFor: async (key) => (await sodiumSignatureCheck(key)) ?? nodeSignatureCheck(key),
    // OpenSSL's SHA-256 for the chain: the same digest as the browser's @noble/hashes.
    sha256: (text) => createHash('sha256').update(text, 'utf8').digest('hex'),
    onProgress: (done, total) => {
      if (asJson || (done !== total && done - lastShown < 10_000)) return;
      lastShown = done;
      process.stderr.write(
        `  descargadas ${done.toLocaleString('es-ES')} de ${total.toLocaleString('es-ES')} entradas\n`,
      );
    },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (asJson) {
    console.log(JSON.stringify({ ...report, seconds: Number(seconds) }, null, 2));
    return report.ok ? 0 : 1;
  }
  console.log(`Registro de ${url}`);
  console.log(`  cabeza ${headLabel(report.head)} · clave ${report.publicKey.slice(0, 16)}…`);
  console.log(
    `  ${report.entries} entradas (${report.importedEntries} importadas del historial anterior), ${report.tips} tips`,
  );
  console.log(
    `  ${report.counted} apuestas cuentan · ${report.pendingBets} pendientes · ${report.withoutBet} análisis sin apuesta`,
  );
  const f = report.figures;
  console.log(
    `  recalculado: ${f.profitUnits} u en ${f.settled} apuestas, yield ${f.yield === null ? '—' : `${(f.yield * 100).toFixed(2)} %`}`,
  );
  if (report.ok) {
    console.log(`OK: cadena, firmas, revelaciones y resumen coinciden (${seconds} s)`);
    return 0;
  }
  console.log(`FALLA: ${report.problems.length} problema(s) (${seconds} s)`);
  for (const p of report.problems.slice(0, 50)) {
    const where = [p.seq !== undefined ? `entrada #${p.seq}` : '', p.tipId ? `tip ${p.tipId}` : '']
      .filter(Boolean)
      .join(', ');
    console.log(`  - ${where ? `${where}: ` : ''}${p.message}`);
  }
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const message = err instanceof DownloadError ? err.message : String(err);
    console.error(`No se pudo verificar: ${message}`);
    process.exit(2);
  },
);
