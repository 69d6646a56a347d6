import { useId, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { ActionError } from '../../../components/ui/list-states';

export const API_DOCS_FILE = 'magotips-openapi.json';

/**
 * The API's OpenAPI document for admins (issue 29 item 3). In production /api/docs answers only
 * a signed-in admin's token, which a plain link cannot send: the document is fetched with the
 * session and handed over as a file.
 */
export function ApiDocsCard() {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      const doc = await apiRequest<Record<string, unknown>>('/docs/json');
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = API_DOCS_FILE;
      link.click();
      // The click has started the download; the URL is no longer needed.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se pudo descargar la documentación.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-card__title">
        Documentación de la API
      </h2>
      <p>
        Todas las rutas de la API, las de administración incluidas, en formato OpenAPI. En
        producción solo la pueden leer los administradores con su sesión iniciada.
      </p>
      {error ? (
        <ActionError
          title="No se pudo descargar la documentación."
          message={error}
          onDismiss={() => setError(null)}
        />
      ) : null}
      <button
        type="button"
        className="btn btn--small btn--outline"
        onClick={() => void download()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? 'Descargando…' : 'Descargar OpenAPI (JSON)'}
      </button>
    </section>
  );
}
