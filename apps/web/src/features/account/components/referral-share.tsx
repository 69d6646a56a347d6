import { REFERRAL_TEXT } from '@magotips/contracts/referrals';
import { useId, useRef, useState } from 'react';

type Feedback = { text: string; failed: boolean; at: number };

/** Whether this browser can hand the link to another app (phones mostly): no button where
 * there is no such sheet. */
const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/** The reader's link in a read-only field, "Copiar enlace" and, where the browser has one, its
 * share sheet. The outcome of a copy is said beside the buttons, in a polite live region that
 * is always in the page (a region added with its text is not announced). */
export function ReferralShare({ url }: { url: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [shareable] = useState(canShare);

  async function copy() {
    try {
      // Missing outside a secure context: the same as a refusal.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setFeedback({ text: REFERRAL_TEXT.copied, failed: false, at: Date.now() });
    } catch {
      // The link selected, ready for the reader's own copy.
      field.current?.focus();
      field.current?.select();
      setFeedback({ text: REFERRAL_TEXT.copyFailed, failed: true, at: Date.now() });
    }
  }

  async function share() {
    try {
      await navigator.share({ title: REFERRAL_TEXT.cardTitle, text: REFERRAL_TEXT.shareText, url });
    } catch {
      // Closing the sheet rejects too: nothing went wrong that the reader did not choose.
    }
  }

  return (
    <div className="field referral-share">
      <label htmlFor={`${id}-link`} className="field__label">
        {REFERRAL_TEXT.linkLabel}
      </label>
      <input
        ref={field}
        id={`${id}-link`}
        className="field__input referral-share__link"
        type="text"
        readOnly
        value={url}
        spellCheck={false}
        autoComplete="off"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="referral-share__actions">
        <button type="button" className="btn btn--small btn--gold" onClick={() => void copy()}>
          {REFERRAL_TEXT.copy}
        </button>
        {shareable ? (
          <button
            type="button"
            className="btn btn--small btn--outline"
            onClick={() => void share()}
          >
            {REFERRAL_TEXT.share}
          </button>
        ) : null}
        <p className="referral-share__feedback" aria-live="polite">
          {/* A new node per attempt: copying twice is announced twice. */}
          {feedback ? (
            <span
              key={feedback.at}
              className={feedback.failed ? 'referral-share__failed' : 'referral-share__copied'}
            >
              {feedback.text}
            </span>
          ) : null}
        </p>
      </div>
    </div>
  );
}
