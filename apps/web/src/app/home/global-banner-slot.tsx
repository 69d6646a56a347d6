import { GlobalBanner } from '../../features/messages/global-banner';

/** Where the active global messages (SPEC.md §3, DESIGN.md §4) show on the registered landing. */
export function GlobalBannerSlot() {
  return <GlobalBanner className="container" />;
}
