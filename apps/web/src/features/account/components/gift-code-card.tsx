// First: Zod's settings (jitless under the CSP, Spanish texts) must precede any schema built.
import '../../../lib/spanish-zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { GIFT_REDEEM_PARAM } from '@magotips/contracts/gift-code-format';
import { ZRedeemGiftCodeRequest } from '@magotips/contracts/gift-codes';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/form-field';
import { useSession } from '../../../lib/session/session-context';
import { useRedeemGiftCode } from '../api/redeem-gift-code';
import { CallError } from '../../../components/form/call-error';

export const GIFT_CARD_TEXT = {
  title: 'Canjear código de regalo',
  lead: 'Si te han regalado meses de suscripción o un pack, escribe aquí tu código.',
  label: 'Código de regalo',
  hint: 'Tiene la forma MAGO-XXXX-XXXX-XXXX-XXXX. Da igual mayúsculas, minúsculas o guiones.',
  submit: 'Canjear código',
  submitting: 'Canjeando...',
  failed: 'No pudimos canjear el código. Intenta nuevamente.',
} as const;

/** Issue 16: replaces SPEC.md's placeholder 'Funcionalidad de código de regalo próximamente
 * disponible'. The gift e-mail links to /panel/cuenta?regalo=CODE, which fills the field in. */
export function GiftCodeCard() {
  const { token, setSession } = useSession();
  const redeem = useRedeemGiftCode();
  const [params, setParams] = useSearchParams();
  const linked = params.get(GIFT_REDEEM_PARAM);
  const sectionRef = useRef<HTMLElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZRedeemGiftCodeRequest),
    defaultValues: { code: linked ?? '' },
  });

  // The code arrives in the address: fill it in, bring the card into view, and take it out of
  // the address so it does not stay in the history or in a bookmark.
  useEffect(() => {
    if (!linked) return;
    setValue('code', linked.slice(0, 64));
    sectionRef.current?.scrollIntoView?.({ block: 'center' });
    setFocus('code');
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(GIFT_REDEEM_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [linked, setValue, setFocus, setParams]);

  const onSubmit = handleSubmit(({ code }) =>
    redeem.mutate(
      { code },
      {
        onSuccess: ({ user }) => {
          // The subscription or the pack shows at once on the card, the header and the VIP tabs.
          if (token) setSession(user, token);
          reset({ code: '' });
        },
      },
    ),
  );

  return (
    <section ref={sectionRef} className="account-card" aria-labelledby="gift-code-title">
      <h3 id="gift-code-title" className="account-card__title">
        {GIFT_CARD_TEXT.title}
      </h3>
      <p className="account-card__text">{GIFT_CARD_TEXT.lead}</p>
      <form
        className="form"
        noValidate
        onSubmit={onSubmit}
        // The last answer is about what was sent: typing again makes it stale.
        onChange={() => {
          if (!redeem.isIdle && !redeem.isPending) redeem.reset();
        }}
      >
        <TextField
          label={GIFT_CARD_TEXT.label}
          hint={GIFT_CARD_TEXT.hint}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="MAGO-XXXX-XXXX-XXXX-XXXX"
          registration={register('code')}
          error={errors.code?.message}
        />
        <CallError call={redeem} fallback={GIFT_CARD_TEXT.failed} />
        {redeem.isSuccess ? (
          <FormAlert tone="success" focus key={redeem.submittedAt}>
            {redeem.data.message}
          </FormAlert>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="btn btn--gold" disabled={redeem.isPending}>
            {redeem.isPending ? GIFT_CARD_TEXT.submitting : GIFT_CARD_TEXT.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
