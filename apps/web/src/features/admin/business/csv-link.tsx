import type { BusinessTable } from '@magotips/contracts/business';
import { type MouseEvent, useState } from 'react';
import { errorText } from '../../../lib/error-text';
import {
  type BusinessPeriodParams,
  businessCsvUrl,
  downloadBusinessCsv,
} from '../api/get-business';

export const CSV_TEXT = {
  link: 'Descargar CSV',
  busy: 'Descargando...',
  failed: 'No se pudo descargar el CSV. Inténtalo de nuevo.',
} as const;

/** "Descargar CSV" of one table. A link to the file (what it is), whose click fetches it with
 * the admin's token: the server refuses the bare address. */
export function CsvLink({
  table,
  period,
  caption,
}: {
  table: BusinessTable;
  period: BusinessPeriodParams;
  caption: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const url = businessCsvUrl(table, period);

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await downloadBusinessCsv(url, `negocio-${table}-${period.from}-${period.to}.csv`);
    } catch (err) {
      setError(errorText(err, CSV_TEXT.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <p className="business-csv">
      <a
        href={url}
        className="btn btn--small btn--outline"
        // Visible text first (WCAG 2.5.3), then which table.
        aria-label={`${CSV_TEXT.link}: ${caption}`}
        aria-busy={busy || undefined}
        onClick={(event) => void download(event)}
      >
        {busy ? CSV_TEXT.busy : CSV_TEXT.link}
      </a>
      {error ? (
        <span className="business-csv__error" role="alert">
          {error}
        </span>
      ) : null}
    </p>
  );
}
