import { Link } from 'react-router';
import { WizardMark } from '../../components/ui/wizard-mark';
import { PANEL_MENU_BUTTON_ID, PANEL_SIDEBAR_ID, togglePanelMenu, usePanelMenu } from './panel-menu';
import './panel-header.css';

export const PANEL_TITLE = 'Panel de Usuario';

/** Panel pages' /panel and /panel/…: the header's title reads "Panel de Usuario". */
export function isPanelPath(pathname: string): boolean {
  return /^\/panel(\/|$)/.test(pathname);
}

/** The start of the site header on panel pages: the sidebar's hamburger (small screens), the
 * mark as the way home and the panel's title in place of the brand name. */
export function PanelHeaderStart() {
  const { mounted, open } = usePanelMenu();
  return (
    <div className="panel-header">
      {/* Only while the sidebar is on the page, so aria-controls never points at nothing. */}
      {mounted ? (
        <button
          id={PANEL_MENU_BUTTON_ID}
          type="button"
          className="panel-header__menu"
          aria-expanded={open}
          aria-controls={PANEL_SIDEBAR_ID}
          aria-label="Menú del panel"
          onClick={togglePanelMenu}
        >
          <span className="panel-header__bars" aria-hidden="true" />
        </button>
      ) : null}
      <Link to="/" className="panel-header__home" aria-label="MagoTips: ir al inicio">
        <WizardMark className="brand__mark" size={44} />
      </Link>
      <p className="panel-header__title">{PANEL_TITLE}</p>
    </div>
  );
}
