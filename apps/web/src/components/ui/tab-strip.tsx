import { useRef, type KeyboardEvent } from 'react';
import './tab-strip.css';

export type TabItem<T extends string> = { id: T; label: string };

export const tabDomId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelDomId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

type TabStripProps<T extends string> = {
  tabs: readonly TabItem<T>[];
  active: T;
  onSelect: (id: T) => void;
  /** The accessible name of the tab list. */
  label: string;
  /** Keeps tab and panel ids unique when two tab sets share a page. */
  idPrefix: string;
  /** Extra class, e.g. 'tab-strip--pairs' to set four tabs two by two on a phone. */
  className?: string;
};

/**
 * The WAI-ARIA tabs pattern (roving tabindex, arrows, Home, End, automatic activation), shared
 * by the landing's packs section and the editor panel. Callers render the panels, each with
 * role="tabpanel", id panelDomId(…) and aria-labelledby tabDomId(…).
 */
export function TabStrip<T extends string>({
  tabs,
  active,
  onSelect,
  label,
  idPrefix,
  className,
}: TabStripProps<T>) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
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
    const target = tabs[next];
    if (!target) return;
    onSelect(target.id);
    buttons.current.get(target.id)?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      className={className ? `tab-strip ${className}` : 'tab-strip'}
    >
      {tabs.map((tab, index) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabDomId(idPrefix, tab.id)}
            aria-selected={selected}
            aria-controls={panelDomId(idPrefix, tab.id)}
            tabIndex={selected ? 0 : -1}
            className="tab-strip__tab"
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => handleKeyDown(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
