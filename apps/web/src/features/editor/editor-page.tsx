import { MSG } from '@magotips/contracts/messages';
import { hasRole } from '@magotips/contracts/roles';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session/session-context';
import { panelDomId, TabStrip, tabDomId, type TabItem } from '../../components/ui/tab-strip';
import { AccessDenied } from '../../components/ui/access-denied';
import { usePendingResults } from './api/get-pending-results';
import { PacksPanel } from './packs/packs-panel';
import { PlansPanel } from './plans/plans-panel';
import { PendingResultsPanel } from './results/pending-results-panel';
import { TipsPanel } from './tips/tips-panel';
import './editor.css';
import './editor-forms.css';
import './editor-results.css';
import './editor-proof.css';

type EditorTab = 'tips' | 'resultados' | 'packs' | 'suscripciones';

// Pending results have a tab of their own (decision 0039): on a phone each row, with its five
// outcome buttons, is a screen tall, and above the tips list they would push it out of reach.
const TABS: readonly TabItem<EditorTab>[] = [
  { id: 'tips', label: 'Tips' },
  { id: 'resultados', label: 'Resultados' },
  { id: 'packs', label: 'Packs' },
  { id: 'suscripciones', label: 'Suscripciones' },
];

export const EDITOR_ROLE_REQUIRED =
  'No tienes permisos para acceder a esta sección. Se requiere rol de editor.';

const ID_PREFIX = 'editor';

function tabFromParam(tabs: readonly TabItem<EditorTab>[], value: string | null): EditorTab {
  return tabs.find((tab) => tab.id === value)?.id ?? 'tips';
}

/** /panel/editor (SPEC.md §2, §6): tips and packs for editors; plans for editors who are also
 * admins. The server enforces the same roles on every call. */
export default function EditorPage() {
  const { user } = useSession();
  const roles = user?.roles ?? [];
  // Decision 0026: the editor role itself; an admin who is not an editor is turned away, as by the API.
  const isEditor = hasRole(roles, 'editor');

  if (!isEditor) {
    return (
      <>
        <title>Acceso Denegado · MagoTips</title>
        <AccessDenied message={EDITOR_ROLE_REQUIRED} requiredRole="editor" />
      </>
    );
  }
  return <EditorTabs canManagePlans={hasRole(roles, 'editor') && hasRole(roles, 'admin')} />;
}

function EditorTabs({ canManagePlans }: { canManagePlans: boolean }) {
  // Issue 13, item 16: an editor without admin does not see a plans tab they cannot use (plans
  // need BOTH roles, SPEC.md §6; the server refuses them too).
  const allowed = canManagePlans ? TABS : TABS.filter((tab) => tab.id !== 'suscripciones');
  // The tab says how many results wait, so they are not forgotten from the Tips tab.
  const pending = usePendingResults().data?.total ?? 0;
  const tabs = allowed.map((tab) =>
    tab.id === 'resultados' && pending > 0 ? { ...tab, label: `Resultados (${pending})` } : tab,
  );
  // The tab lives in the URL (?tab=packs) so a reload or a shared link opens the same list.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active = tabFromParam(tabs, requested);
  // A shared ?tab=suscripciones link says why the plans are not there instead of hiding them silently.
  const plansRefused = requested === 'suscripciones' && !canManagePlans;
  // A list loads when its tab is first opened and stays mounted (with its page and any open
  // form) when the editor switches away and back.
  const [opened, setOpened] = useState<ReadonlySet<EditorTab>>(() => new Set([active]));

  function select(tab: EditorTab) {
    setOpened((previous) => (previous.has(tab) ? previous : new Set(previous).add(tab)));
    setParams(tab === 'tips' ? {} : { tab }, { replace: true, preventScrollReset: true });
  }

  return (
    <section className="editor" aria-labelledby="editor-title">
      <title>Edición · MagoTips</title>
      <h1 id="editor-title" className="editor__title">
        Edición
      </h1>
      <p className="editor__lead">
        {canManagePlans
          ? 'Gestiona los tips, los packs y los planes de suscripción.'
          : 'Gestiona los tips y los packs.'}
      </p>
      {plansRefused ? (
        <p className="editor__notice" role="status">
          Los planes de suscripción no están disponibles para tu cuenta: {MSG.bothRolesRequired}
        </p>
      ) : null}
      <TabStrip
        tabs={tabs}
        active={active}
        onSelect={select}
        label="Secciones de edición"
        idPrefix={ID_PREFIX}
        {...(tabs.length > 3 ? { className: 'tab-strip--pairs' } : {})}
      />
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelDomId(ID_PREFIX, tab.id)}
          aria-labelledby={tabDomId(ID_PREFIX, tab.id)}
          hidden={tab.id !== active}
          className="tab-panel"
        >
          {!opened.has(tab.id) && tab.id !== active ? null : tab.id === 'tips' ? (
            <TipsPanel />
          ) : tab.id === 'resultados' ? (
            <PendingResultsPanel />
          ) : tab.id === 'packs' ? (
            <PacksPanel />
          ) : (
            <PlansPanel />
          )}
        </div>
      ))}
    </section>
  );
}
