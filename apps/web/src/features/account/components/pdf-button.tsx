import { useState } from 'react';
import { errorText } from '../../../lib/error-text';
import { downloadPdf } from '../api/payments-api';

export const PDF_FAILED = 'No se pudo descargar el PDF. Inténtalo de nuevo.';

/** "Descargar PDF" of a receipt: fetched with the session (decision 0093), with its own
 * busy state and a Spanish error beside it when the download fails. */
export function PdfButton({
  url,
  fileName,
  label,
  text = 'Descargar PDF',
  className = 'btn btn--small btn--outline',
}: {
  url: string;
  fileName: string;
  label: string;
  text?: string;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      await downloadPdf(url, fileName);
    } catch (err) {
      setError(errorText(err, PDF_FAILED));
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="pdf-button">
      <button
        type="button"
        className={className}
        aria-label={label}
        onClick={() => void download()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? 'Descargando...' : text}
      </button>
      {error ? (
        <span className="pdf-button__error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
