import { hasRole } from '@magotips/contracts/roles';
import { useEffect } from 'react';
import { NavLink, useLocation } from 'react-router';
import { PauseNotice } from '../../components/session/pause-notice';
import { LoadingOutlet } from '../../components/ui/loading-outlet';
import { useSession } from '../../lib/session/session-context';
import { displayName } from '../../lib/session/session-user';
import { useLogout } from '../../lib/session/use-logout';
import {
  closePanelMenu,
  PANEL_MENU_BUTTON_ID,
  PANEL_SIDEBAR_ID,
  setPanelSidebarMounted,
  usePanelMenu,
} from './panel-menu';
import './panel.css';

type PanelLink = { to: string; label: string; icon: string };

const ACCOUNT_LINK: PanelLink = { to: '/panel/cuenta', label: 'Mi Cuenta', icon: '👤' };
const EDITOR_LINK: PanelLink = { to: '/panel/editor', label: 'Edición', icon: '✍️' };
const ADMIN_LINK: PanelLink = { to: '/panel/admin', label: 'Administración', icon: '🛡️' };
const STRIPE_LINK: PanelLink = {
  to: '/panel/stripe-verification',
  label: 'Verificación Stripe',
  icon: '💳',
};

/** SPEC.md §2: everyone has Mi Cuenta; Edición is for editors; the admin tools for admins. */
export function panelLinks(roles: readonly { name: string }[]): PanelLink[] {
  const links = [ACCOUNT_LINK];
  if (hasRole(roles, 'editor')) links.push(EDITOR_LINK);
  if (hasRole(roles, 'admin')) links.push(ADMIN_LINK, STRIPE_LINK);
  return links;
}

/** /panel and its pages: the sidebar beside (wide screens) or above (phones, behind the
 * header's hamburger) whatever child route is open. Rendered inside RequireAuth. */
export function PanelLayout() {
  const { user } = useSession();
  const logout = useLogout();
  const { open } = usePanelMenu();
  const { pathname } = useLocation();

  useEffect(() => {
    setPanelSidebarMounted(true);
    return () => setPanelSidebarMounted(false);
  }, []);

  // A chosen page replaces the menu on a phone.
  useEffect(() => closePanelMenu(), [pathname]);

  // Escape closes the open menu wherever focus is (on the hamburger right after opening it, too),
  // and hands focus back to the hamburger.
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closePanelMenu();
      document.getElementById(PANEL_MENU_BUTTON_ID)?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  if (!user) return null;

  return (
    <div className="panel container">
      <nav
        id={PANEL_SIDEBAR_ID}
        className={`panel__sidebar${open ? ' panel__sidebar--open' : ''}`}
        aria-label="Panel"
      >
        <p className="panel__greeting">
          <span className="panel__greeting-label">Sesión iniciada como</span>
          <span className="panel__greeting-name">{displayName(user)}</span>
        </p>
        <ul className="panel__links">
          {panelLinks(user.roles).map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className="panel__link">
                <span className="panel__link-icon" aria-hidden="true">
                  {link.icon}
                </span>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn--outline btn--block panel__logout" onClick={logout}>
          Cerrar sesión
        </button>
      </nav>
      <div className="panel__content">
        {/* Decision 0116: while paused, every panel page says so first. */}
        <PauseNotice />
        <LoadingOutlet />
      </div>
    </div>
  );
}

export default PanelLayout;
