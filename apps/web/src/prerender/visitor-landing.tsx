import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/providers';
import { PageFrame } from '../app/layout/page-frame';
import { LandingPage } from '../features/landing/landing-page';

/**
 * The visitor landing as HTML, rendered once at build time
 * (vite-plugins/prerender-visitor-landing.ts) and sent inside #root to browsers without a session
 * (apps/api web-client.ts), so the first screen paints with the HTML and its CSS instead of after
 * the entry script has run. Not hydrated: the client's createRoot replaces it with the same markup
 * on its first commit. Its reads (free tip, plans, record) render as their loading state, which
 * is sized like the content (no layout shift).
 */
export function renderVisitorLanding(): string {
  const html = renderToString(
    <AppProviders>
      <MemoryRouter initialEntries={['/']}>
        <PageFrame>
          <LandingPage />
        </PageFrame>
      </MemoryRouter>
    </AppProviders>,
  );
  // React puts the page's <title> first; the document's head already has the same one.
  return html.replace(/^<title>[^<]*<\/title>/, '');
}
