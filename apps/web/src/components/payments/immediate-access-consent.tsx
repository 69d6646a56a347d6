import { IMMEDIATE_ACCESS_CONSENT, TERMS_PATH } from '@magotips/contracts/purchase-consent';
import type { InputHTMLAttributes, Ref } from 'react';
import './immediate-access-consent.css';

type Props = {
  id: string;
  /** Shown, and announced through aria-describedby, when the buyer tried to pay without it. */
  missing: boolean;
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'>;

/** The required immediate-access consent (decision 0034), one wording and one look for every
 * checkout: the pack and plan purchase and the gift form. The caller owns the value, through
 * react-hook-form's register or a controlled checked/onChange. */
export function ImmediateAccessConsent({ id, missing, ref, ...input }: Props) {
  return (
    <div className="consent-option">
      <div className="consent-option__check">
        <input
          {...input}
          ref={ref}
          id={id}
          type="checkbox"
          className="consent-option__input"
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
        />
        <label htmlFor={id} className="consent-option__label">
          {IMMEDIATE_ACCESS_CONSENT.before}
          <a href={TERMS_PATH} target="_blank" rel="noopener">
            {IMMEDIATE_ACCESS_CONSENT.link}
            <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </a>
          {IMMEDIATE_ACCESS_CONSENT.after}
        </label>
      </div>
      {missing ? (
        <p id={`${id}-error`} className="consent-option__error">
          {IMMEDIATE_ACCESS_CONSENT.required}
        </p>
      ) : null}
    </div>
  );
}
