import { lazy, Suspense, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useHeightVariable } from '../../lib/use-height-variable';
import { WizardMark } from '../../components/ui/wizard-mark';
import { useSession } from '../../lib/session/session-context';
import './site-header.css';

// The panel's header start (hamburger and title) is for signed-in users on /panel only: it
// downloads with the panel's own code (routes.tsx), not with every visitor's landing, whose
// JavaScript has a budget (120 KB gzip). Its isPanelPath is repeated here for the same reason.
const PANEL_PATH = /^\/panel(\/|$)/;

/** Called with the panel layout's download, so a page opened at /panel has it at once. */
export const loadPanelHeader = () => import('../../features/panel/panel-header');

const PanelHeaderStart = lazy(() =>
  loadPanelHeader().then((module) => ({ default: module.PanelHeaderStart })),
);

type NavLink = { to: string; label: string; primary?: boolean };

// Pages that are a destination of their own (panel, auth forms, legal documents) only offer
// the way back home (SPEC.md §2).
const BACK_HOME_PATHS = /^\/(panel(\/.*)?|login|register|docs)\/?$/;

const HOME: NavLink = { to: '/', label: 'Inicio' };

export function headerLinks(pathname: string, isAuthenticated: boolean): NavLink[] {
  if (BACK_HOME_PATHS.test(pathname)) return [HOME];
  if (isAuthenticated) return [{ to: '/panel', label: 'Panel' }];
  if (pathname === '/') {
    return [
      { to: '/login', label: 'Acceso' },
      { to: '/register', label: 'Registro', primary: true },
    ];
  }
  // SPEC.md is silent on a visitor elsewhere (privacy tab, 404…): the way home is what they need.
  return [HOME];
}

/** The verified record (issue 14) is public and is what a bettor checks before anything else:
 * offered beside the account links everywhere except the back-home-only pages (decision 0040). */
export function showsTrackRecordLink(pathname: string): boolean {
  return !BACK_HOME_PATHS.test(pathname);
}

export function SiteHeader() {
  const { pathname } = useLocation();
  const { isAuthenticated } = useSession();
  const links = headerLinks(pathname, isAuthenticated);
  const header = useRef<HTMLElement>(null);
  useHeightVariable(header, '--site-header-height');

  return (
    <header ref={header} className="site-header">
      <div className="site-header__inner container">
        {/* On the panel the title reads 'Panel de Usuario', beside the sidebar's hamburger. */}
        {PANEL_PATH.test(pathname) ? (
          <Suspense fallback={null}>
            <PanelHeaderStart />
          </Suspense>
        ) : (
          <Link to="/" className="brand">
            <WizardMark className="brand__mark" size={44} />
            <span className="brand__text">
              <span className="brand__name">MagoTips</span>
              <span className="brand__tagline">El mago de los pronósticos deportivos</span>
            </span>
          </Link>
        )}
        <nav className="site-nav" aria-label="Principal">
          <ul className="site-nav__list">
            {showsTrackRecordLink(pathname) ? (
              <li>
                <Link
                  to="/historial"
                  className="site-nav__record"
                  aria-current={pathname === '/historial' ? 'page' : undefined}
                >
                  <span className="site-nav__record-text">Historial</span>
                </Link>
              </li>
            ) : null}
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className={`btn btn--small ${link.primary ? 'btn--gold' : 'btn--outline'}`}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
