import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts (or joins) the download of the page's chunk. */
  preload: () => Promise<unknown>;
};

/** React.lazy for a route's page, plus `preload()`: main.tsx awaits the chunk of the page the
 * browser opened before the first render, so that page paints whole instead of the shell's
 * "Cargando..." line followed by a jump of everything below it (a layout shift). */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () => (loading ??= load());
  return Object.assign(lazy(once), { preload: once });
}
