import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAlertPreferences } from '../../lib/alerts/alerts-api';
import { errorText } from '../../lib/error-text';
import { ActionNotice } from '../ui/list-states';
import { OFFER_TEXT } from './alerts-offer-text';
import { EmailChannel, PushChannel, TelegramChannel, type Report } from './offer-channels';
import '../form/form.css';
import './alerts-offer.css';

type Props = {
  /** The page's outline: 2 under a page title, 3 inside a section. */
  headingLevel?: 2 | 3;
  onDismiss: () => void;
};

/**
 * Issue 31 item 4 (decision 0107): alerts offered at the moment they matter, one tap per
 * channel (this device, e-mail, Telegram), each showing whether it is already on. Drawn at its
 * final size while it loads, so nothing around it moves when the answers arrive. The account's
 * alerts card stays the place for changes.
 */
export function AlertsOffer({ headingLevel = 2, onDismiss }: Props) {
  const titleId = useId();
  const prefs = useAlertPreferences();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const report = useCallback<Report>((outcome) => {
    setNotice(outcome.notice ?? null);
    setFailure(outcome.failure ?? null);
  }, []);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const sectionRef = useRef<HTMLElement>(null);

  // The button pressed goes away with the offer: the focus moves to what holds it (the tab panel,
  // or the page's main), where the keyboard carries on, rather than to the top of the document.
  const dismiss = () => {
    const holder = sectionRef.current?.parentElement?.closest<HTMLElement>('[tabindex]');
    onDismiss();
    holder?.focus({ preventScroll: true });
  };

  return (
    <section ref={sectionRef} className="alerts-offer" aria-labelledby={titleId}>
      <div className="alerts-offer__head">
        <Heading id={titleId} className="alerts-offer__title">
          {OFFER_TEXT.title}
        </Heading>
        <button type="button" className="alerts-offer__dismiss" onClick={dismiss}>
          {OFFER_TEXT.dismiss}
        </button>
      </div>
      <p className="alerts-offer__lead">
        {OFFER_TEXT.lead} <Link to="/panel/cuenta#avisos">{OFFER_TEXT.accountLink}</Link>.
      </p>
      {prefs.isPending ? (
        <p className="visually-hidden" role="status">
          {OFFER_TEXT.loading}
        </p>
      ) : null}
      <ul className="alerts-offer__channels">
        <PushChannel prefs={prefs} report={report} />
        <EmailChannel prefs={prefs} report={report} />
        <TelegramChannel report={report} />
      </ul>
      {prefs.isError ? (
        <p className="alerts-offer__load-error">
          {errorText(prefs.error, OFFER_TEXT.loadError)}{' '}
          <button
            type="button"
            className="btn btn--small btn--outline"
            onClick={() => void prefs.refetch()}
          >
            {OFFER_TEXT.retry}
          </button>
        </p>
      ) : null}
      {/* Always in the page, so each new outcome is announced. */}
      <ActionNotice text={notice} />
      {failure ? (
        <p className="form-alert form-alert--error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
