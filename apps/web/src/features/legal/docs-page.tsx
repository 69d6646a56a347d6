import { useRef, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DOCS_TABS, docsTabFromHash } from './docs-tabs';
import type { LegalDocumentId } from './legal-document';
import { LegalDocumentView } from './legal-document-view';
import './legal.css';

const tabId = (id: LegalDocumentId) => `legal-tab-${id}`;
const panelId = (id: LegalDocumentId) => `legal-panel-${id}`;

export default function DocsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // The hash is the only state: links from other pages, reloads and back/forward all agree.
  const active = docsTabFromHash(location.hash);
  const tabButtons = useRef(new Map<LegalDocumentId, HTMLButtonElement>());

  function select(id: LegalDocumentId, replace: boolean) {
    const hash = `#${id}`;
    if (location.hash === hash) return;
    // The shell's ScrollRestoration would jump to the top on every hash change; the tabs are
    // already in view when used, so the page stays where the reader left it.
    navigate({ hash }, { replace, preventScrollReset: true });
  }

  function handleTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = DOCS_TABS.length - 1;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = index === last ? 0 : index + 1;
        break;
      case 'ArrowLeft':
        next = index === 0 ? last : index - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      default:
        return;
    }
    event.preventDefault();
    const target = DOCS_TABS[next];
    if (!target) return;
    // Arrow keys replace the entry: walking across the tabs by keyboard should not leave one
    // Back step per tab passed over. A click is a deliberate choice and gets its own entry.
    select(target.id, true);
    tabButtons.current.get(target.id)?.focus();
  }

  return (
    <section className="legal" aria-labelledby="legal-docs-title">
      <title>{`${active.title} · MagoTips`}</title>
      <div className="legal__card">
        <header className="legal__header">
          <h1 id="legal-docs-title" className="legal__title">
            Documentos legales
          </h1>
          <p className="legal__lead">
            Las condiciones del servicio, cómo tratamos tus datos y nuestras recomendaciones de
            juego responsable.
          </p>
        </header>

        <div role="tablist" aria-label="Documentos legales" className="legal-tabs">
          {DOCS_TABS.map((doc, index) => {
            const selected = doc.id === active.id;
            return (
              <button
                key={doc.id}
                ref={(element) => {
                  if (element) tabButtons.current.set(doc.id, element);
                  else tabButtons.current.delete(doc.id);
                }}
                type="button"
                role="tab"
                id={tabId(doc.id)}
                aria-selected={selected}
                aria-controls={panelId(doc.id)}
                // Roving tabindex: Tab enters the list on the active tab, arrows move within it.
                tabIndex={selected ? 0 : -1}
                className="legal-tabs__tab"
                onClick={() => select(doc.id, false)}
                onKeyDown={(event) => handleTabKeyDown(event, index)}
              >
                {doc.title}
              </button>
            );
          })}
        </div>

        {/* Every panel stays mounted (inactive ones hidden) so each tab's aria-controls points
            at an element that exists. */}
        {DOCS_TABS.map((doc) => (
          <div
            key={doc.id}
            role="tabpanel"
            id={panelId(doc.id)}
            aria-labelledby={tabId(doc.id)}
            hidden={doc.id !== active.id}
            tabIndex={0}
            className="legal-tabs__panel"
          >
            <LegalDocumentView doc={doc} titleLevel={2} />
          </div>
        ))}
      </div>
    </section>
  );
}
