import { ADMIN_MSG } from '@magotips/contracts/admin';
import { hasRole } from '@magotips/contracts/roles';
import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session/session-context';
import { AccessDenied } from '../../components/ui/access-denied';
import { BusinessTab } from './business/business-tab';
import { AlertsTab } from './components/alerts-tab';
import { ApiDocsCard } from './components/api-docs-card';
import { AssignRoleSearch } from './components/assign-role-search';
import { ExistingRoles } from './components/existing-roles';
import { GiftCodesTab } from './components/gift-codes-tab';
import { MessagesTab } from './components/messages-tab';
import './admin-page.css';
import './admin-tabs.css';

const TABS = [
  { id: 'roles', label: 'Gestión de Roles' },
  { id: 'mensajes', label: 'Mensajes globales' },
  { id: 'avisos', label: 'Avisos' },
  { id: 'codigos', label: 'Códigos' },
  { id: 'negocio', label: 'Negocio' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function tabFrom(value: string | null): TabId {
  return TABS.some((t) => t.id === value) ? (value as TabId) : 'roles';
}

/** /panel/admin (SPEC.md §2, §6): role management, global messages, the alerts sent for new
 * tips (issue 15), gift codes (issue 16) and the business dashboard (issue 33), admins only. The server refuses every call of a
 * non-admin anyway; this spares them a screen of errors. */
export default function AdminPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({
    roles: null,
    mensajes: null,
    avisos: null,
    codigos: null,
    negocio: null,
  });
  const active = tabFrom(params.get('tab'));

  if (!user || !hasRole(user.roles, 'admin')) {
    return <AccessDenied message={ADMIN_MSG.accessDenied} requiredRole="admin" />;
  }

  // The tab lives in the address so a reload or a shared link opens the same one.
  const select = (id: TabId) =>
    setParams(id === 'roles' ? {} : { tab: id }, { replace: true, preventScrollReset: true });

  // WAI-ARIA tabs: arrows move between tabs (and select them), Home/End jump to the ends.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.id === active);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next];
    if (!tab) return;
    select(tab.id);
    tabRefs.current[tab.id]?.focus();
  };

  return (
    <div className="admin-page">
      <title>Administración · MagoTips</title>
      <h1 className="admin-page__title">Administración</h1>
      <div className="admin-tabs" role="tablist" aria-label="Herramientas de administración" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabRefs.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={`admin-tab-${tab.id}`}
            // Only the open tab's panel is in the page (the other's data is not fetched).
            aria-controls={active === tab.id ? `admin-panel-${tab.id}` : undefined}
            aria-selected={active === tab.id}
            tabIndex={active === tab.id ? 0 : -1}
            className="admin-tabs__tab"
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`admin-panel-${active}`}
        aria-labelledby={`admin-tab-${active}`}
        className="admin-tabs__panel"
      >
        {active === 'roles' ? (
          <div className="admin-stack">
            <ExistingRoles currentAdminId={user._id} />
            <AssignRoleSearch currentAdminId={user._id} />
            <ApiDocsCard />
          </div>
        ) : active === 'mensajes' ? (
          <MessagesTab />
        ) : active === 'avisos' ? (
          <AlertsTab />
        ) : active === 'codigos' ? (
          <GiftCodesTab />
        ) : (
          <BusinessTab />
        )}
      </div>
    </div>
  );
}
