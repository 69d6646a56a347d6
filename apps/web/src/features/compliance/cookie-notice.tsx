import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useStoredFlag } from '../../lib/use-stored-flag';
import './cookie-notice.css';

/** Only strictly necessary storage is used, so this informs rather than asks for consent. */
export function CookieNotice() {
  const [dismissed, dismiss] = useStoredFlag(STORAGE_KEYS.cookieNoticeAccepted);
  if (dismissed) return null;

  return (
    <aside className="cookie-notice" aria-label="Aviso de cookies">
      <div className="cookie-notice__inner container">
        <p className="cookie-notice__text">
          Solo usamos las cookies y el almacenamiento local necesarios para que el sitio funcione.{' '}
          <a href="/privacidad" target="_blank" rel="noopener noreferrer">
            Política de privacidad
            <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </a>
        </p>
        <button type="button" className="btn btn--small btn--gold" onClick={dismiss}>
          Entendido
        </button>
      </div>
    </aside>
  );
}
