import { useSyncExternalStore } from 'react';

// The sidebar lives in the panel layout and its hamburger in the site header (SPEC.md §2), two
// subtrees that share no parent below the router: a tiny store joins them.

export const PANEL_SIDEBAR_ID = 'panel-sidebar';
export const PANEL_MENU_BUTTON_ID = 'panel-menu-button';

export type PanelMenuState = {
  /** The sidebar is on the page (the hamburger only makes sense then). */
  mounted: boolean;
  /** Shown on small screens; wide screens always show it. */
  open: boolean;
};

let state: PanelMenuState = { mounted: false, open: false };
const listeners = new Set<() => void>();

function update(next: PanelMenuState): void {
  if (next.mounted === state.mounted && next.open === state.open) return;
  state = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getState = () => state;

export function usePanelMenu(): PanelMenuState {
  return useSyncExternalStore(subscribe, getState, getState);
}

export function togglePanelMenu(): void {
  update({ ...state, open: !state.open });
}

export function closePanelMenu(): void {
  update({ ...state, open: false });
}

/** Called by the panel layout as it mounts and unmounts; a sidebar starts closed. */
export function setPanelSidebarMounted(mounted: boolean): void {
  update({ mounted, open: false });
}
