/** The registered landing's packs-section tabs, as `/?tab=…` names them (decision 0033): the
 * payment result page links straight to one. Kept apart from the section so a page that only
 * links here does not load it. */
export const PACKS_TABS = ['packs', 'mis-packs', 'gratis', 'vip'] as const;
export type PacksTab = (typeof PACKS_TABS)[number];

export const PACKS_TAB_PARAM = 'tab';

export function packsTabHref(tab: PacksTab): string {
  return `/?${PACKS_TAB_PARAM}=${tab}`;
}

export function parsePacksTab(value: string | null): PacksTab | null {
  return PACKS_TABS.find((tab) => tab === value) ?? null;
}
