import { useRef } from 'react';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useHeightVariable } from '../../lib/use-height-variable';
import { useStoredFlag } from '../../lib/use-stored-flag';
import './cookie-notice.css';

/** Necessary storage, plus the first-party origin cookie the server sets for 30 days (decision
 * 0118, no third-party script): the notice informs of both. */
export function CookieNotice() {
  const [dismissed, dismiss] = useStoredFlag(STORAGE_KEYS.cookieNoticeAccepted);
  if (dismissed) return null;
  return <CookieBar onDismiss={dismiss} />;
}

/** The bar itself: while it shows, the page keeps its height free at the bottom (base.css). */
function CookieBar({ onDismiss }: { onDismiss: () => void }) {
  const bar = useRef<HTMLElement>(null);
  useHeightVariable(bar, '--cookie-bar-height');

  return (
    <aside ref={bar} className="cookie-notice" aria-label="Aviso de cookies">
      <div className="cookie-notice__inner container">
        <p className="cookie-notice__text">
          Usamos las cookies y el almacenamiento local necesarios para que el sitio funcione. Si
          llegas desde un enlace con campaña o de recomendación, guardamos de dónde vienes durante
          30 días en una cookie propia, sin scripts de terceros.{' '}
          <a href="/privacidad" target="_blank" rel="noopener noreferrer">
            Política de privacidad
            <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </a>
        </p>
        <button type="button" className="btn btn--small btn--gold" onClick={onDismiss}>
          Entendido
        </button>
      </div>
    </aside>
  );
}
