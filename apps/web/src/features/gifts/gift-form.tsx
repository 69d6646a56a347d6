// First: Zod's settings (jitless under the CSP, Spanish texts) must precede any schema built.
import '../../lib/spanish-zod';
import { GIFT_MESSAGE_MAX, type TGiftDetailsInput, ZGiftDetails } from '@magotips/contracts/gifts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/form-field';
import { isCheckoutUrl, redirectToCheckout } from '../../lib/payments/checkout-redirect';
import { ImmediateAccessConsent } from '../../components/payments/immediate-access-consent';
import { useCreateGiftPayment } from './api/create-gift-payment';
import { CallError } from '../../components/form/call-error';

export const GIFT_FORM_TEXTS = {
  recipient: 'Email de la persona a quien se lo regalas',
  recipientHint:
    'Le enviaremos el código con tu mensaje. Si lo dejas vacío, te lo enviamos solo a ti.',
  message: 'Mensaje',
  pay: 'Pagar el regalo',
  paying: 'Procesando...',
  failed: 'No pudimos iniciar el pago del regalo. Intenta nuevamente.',
} as const;

/** What is given: a plan for the months it is sold by, or a pack. */
export type GiftItem =
  { type: 'plan'; planKey: string; months: number } | { type: 'pack'; packId: string };

const EMPTY: TGiftDetailsInput = {
  recipientEmail: '',
  message: '',
  // The box starts unticked; the schema (literal true) refuses it until the buyer ticks it.
  immediateAccessConsent: false as unknown as true,
};

/** The gift checkout's form: recipient, message and consent, then the provider's checkout. */
export function GiftForm({ item }: { item: GiftItem }) {
  const create = useCreateGiftPayment();
  const messageId = useId();
  const consentId = useId();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<TGiftDetailsInput, unknown, ReturnType<typeof ZGiftDetails.parse>>({
    resolver: zodResolver(ZGiftDetails),
    defaultValues: EMPTY,
  });
  const typed = watch('message') ?? '';
  const busy = create.isPending || create.isSuccess;

  const onSubmit = handleSubmit((details) =>
    create.mutate(
      { ...item, ...details },
      {
        onSuccess: (answer) => {
          const url = answer.payment?.stripeCheckoutUrl;
          if (answer.success && isCheckoutUrl(url)) redirectToCheckout(url);
        },
      },
    ),
  );
  const refused =
    create.isSuccess &&
    !(create.data.success && isCheckoutUrl(create.data.payment?.stripeCheckoutUrl));

  return (
    <form className="form gift-form" noValidate onSubmit={onSubmit}>
      <TextField
        label={GIFT_FORM_TEXTS.recipient}
        type="email"
        autoComplete="off"
        inputMode="email"
        optional
        hint={GIFT_FORM_TEXTS.recipientHint}
        registration={register('recipientEmail')}
        error={errors.recipientEmail?.message}
        disabled={busy}
      />
      <div className="field">
        <label htmlFor={messageId} className="field__label">
          {GIFT_FORM_TEXTS.message}
          <span className="field__optional"> (opcional)</span>
        </label>
        <textarea
          id={messageId}
          className="field__input gift-form__message"
          rows={4}
          maxLength={GIFT_MESSAGE_MAX}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={`${messageId}-count${errors.message ? ` ${messageId}-error` : ''}`}
          disabled={busy}
          {...register('message')}
        />
        <p id={`${messageId}-count`} className="field__hint gift-form__count">
          {typed.length}/{GIFT_MESSAGE_MAX} caracteres
        </p>
        {errors.message ? (
          <p id={`${messageId}-error`} className="field__error">
            {errors.message.message}
          </p>
        ) : null}
      </div>
      <ImmediateAccessConsent
        id={consentId}
        missing={Boolean(errors.immediateAccessConsent)}
        disabled={busy}
        {...register('immediateAccessConsent')}
      />
      <CallError call={create} fallback={GIFT_FORM_TEXTS.failed} />
      {refused ? (
        <FormAlert tone="error" focus key={create.submittedAt}>
          {create.data?.message || GIFT_FORM_TEXTS.failed}
        </FormAlert>
      ) : null}
      <div className="form__actions">
        <button type="submit" className="btn btn--gold btn--block" disabled={busy}>
          {busy ? GIFT_FORM_TEXTS.paying : GIFT_FORM_TEXTS.pay}
        </button>
      </div>
    </form>
  );
}
