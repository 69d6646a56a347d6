import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

type PageFrameProps = {
  /** The page, inside <main>. */
  children: ReactNode;
  /** What sits over the page (the cookie bar): after the footer, inside the shell. */
  overlay?: ReactNode;
  /** The global messages (decision 0087): first in <main>, above every page. */
  banner?: ReactNode;
  inert?: boolean;
};

/** Header, main and footer of every page: the app's layout (root-layout.tsx) and the visitor
 * landing's HTML rendered at build time (prerender/visitor-landing.tsx) are the same markup. */
export function PageFrame({ children, overlay, banner, inert }: PageFrameProps) {
  return (
    <div className="app-shell" inert={inert}>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <SiteHeader />
      <main id="contenido" className="site-main" tabIndex={-1}>
        {banner}
        {children}
      </main>
      <SiteFooter />
      {overlay}
    </div>
  );
}
