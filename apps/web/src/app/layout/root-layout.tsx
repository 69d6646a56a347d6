import { ScrollRestoration } from 'react-router';
import { CookieNotice } from '../../features/compliance/cookie-notice';
import { DisclaimerModal } from '../../features/compliance/disclaimer-modal';
import { GlobalBanner } from '../../features/messages/global-banner';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useStoredFlag } from '../../lib/use-stored-flag';
import { LoadingOutlet } from '../../components/ui/loading-outlet';
import { PageFrame } from './page-frame';

export function RootLayout() {
  const [disclaimerAccepted] = useStoredFlag(STORAGE_KEYS.disclaimerAccepted);
  return (
    <>
      {/* While the age disclaimer is open nothing behind it may be reached by keyboard or
          assistive technology; `inert` does that without a hand-made focus trap. */}
      {/* The global messages go to everyone on every page (decision 0087), above the page. */}
      <PageFrame
        inert={!disclaimerAccepted}
        overlay={<CookieNotice />}
        banner={<GlobalBanner className="container" />}
      >
        <LoadingOutlet />
      </PageFrame>
      <DisclaimerModal />
      <ScrollRestoration />
    </>
  );
}
