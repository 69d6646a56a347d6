import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { CookieNotice } from '../../features/compliance/cookie-notice';
import { DisclaimerModal } from '../../features/compliance/disclaimer-modal';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useStoredFlag } from '../../lib/use-stored-flag';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function RootLayout() {
  const [disclaimerAccepted] = useStoredFlag(STORAGE_KEYS.disclaimerAccepted);
  return (
    <>
      {/* While the age disclaimer is open nothing behind it may be reached by keyboard or
          assistive technology; `inert` does that without a hand-made focus trap. */}
      <div className="app-shell" inert={!disclaimerAccepted}>
        <a className="skip-link" href="#contenido">
          Saltar al contenido
        </a>
        <SiteHeader />
        <main id="contenido" className="site-main" tabIndex={-1}>
          <Suspense
            fallback={
              <p className="page-loading" role="status">
                Cargando...
              </p>
            }
          >
            <Outlet />
          </Suspense>
        </main>
        <SiteFooter />
        <CookieNotice />
      </div>
      <DisclaimerModal />
      <ScrollRestoration />
    </>
  );
}
