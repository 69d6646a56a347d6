import type { PaymentMethod } from '@magotips/contracts/payments';
import { useId, useState } from 'react';
import {
  COMING_SOON_LABEL,
  comingSoonMessage,
  PAYMENT_METHOD_OPTIONS,
  type PaymentMethodOption,
} from '../../lib/payments/payment-methods';
import './payments.css';

type PaymentMethodSelectorProps = {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
};

/**
 * The payment providers as a radio group (SPEC.md §2). The providers that are coming soon stay
 * focusable (aria-disabled rather than disabled) so that choosing one, by mouse or keyboard,
 * explains why it cannot be used instead of doing nothing.
 */
export function PaymentMethodSelector({ value, onChange, disabled = false }: PaymentMethodSelectorProps) {
  const name = useId();
  const noticeId = useId();
  const [notice, setNotice] = useState<string | null>(null);

  function choose(option: PaymentMethodOption) {
    if (!option.available) {
      setNotice(comingSoonMessage(option.label));
      return;
    }
    setNotice(null);
    onChange(option.id);
  }

  return (
    <fieldset className="pay-methods" disabled={disabled}>
      <legend className="pay-methods__legend">Método de pago</legend>
      <div className="pay-methods__options">
        {PAYMENT_METHOD_OPTIONS.map((option) => {
          const selected = option.id === value;
          return (
            <label
              key={option.id}
              className={`pay-method${selected ? ' pay-method--selected' : ''}${
                option.available ? '' : ' pay-method--soon'
              }`}
            >
              <input
                className="pay-method__input"
                type="radio"
                name={name}
                value={option.id}
                checked={selected}
                aria-disabled={option.available ? undefined : true}
                aria-describedby={!option.available && notice ? noticeId : undefined}
                onChange={() => choose(option)}
              />
              <span className="pay-method__text">
                <span className="pay-method__label">{option.label}</span>
                <span className="pay-method__description">{option.description}</span>
              </span>
              {option.available ? null : (
                <span className="pay-method__soon">{COMING_SOON_LABEL}</span>
              )}
            </label>
          );
        })}
      </div>
      {notice ? (
        <p id={noticeId} className="pay-methods__notice" role="alert">
          {notice}
        </p>
      ) : null}
    </fieldset>
  );
}
