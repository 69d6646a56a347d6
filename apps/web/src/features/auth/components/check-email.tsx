import { VERIFY_EMAIL_TOKEN_HOURS } from '@magotips/contracts/auth';
import { withNext } from '@magotips/contracts/next-path';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useResendVerification } from '../api/resend-verification';
import { AuthCard } from '../../../components/form/auth-card';
import { FormAlert } from '../../../components/form/form-alert';
import { CallError } from '../../../components/form/call-error';

export const CHECK_EMAIL_TITLE = 'Revisa tu correo';
/** SPEC.md §8's registration success text, kept as the screen's first words. */
export const REGISTER_SUCCESS_MESSAGE =
  '¡Registro exitoso! Revisa tu email para confirmar tu cuenta y activarla.';
const RESENT_FALLBACK = 'Te hemos enviado un nuevo email de verificación. Revisa tu bandeja de entrada.';
const RESEND_FAILED = 'No pudimos reenviar el email de verificación. Intenta nuevamente.';

/** Seconds between two resends from this screen. The server also limits them (3 per address
 * every 15 minutes, decision 0005) and its 429 text is shown as it comes. */
export const RESEND_COOLDOWN_SECONDS = 60;

type CheckEmailProps = {
  email: string;
  /** Where the confirmation link continues to; the resent link carries it too. */
  next: string | null;
  /** Back to the form, with what was typed (passwords aside). */
  onChangeEmail: () => void;
};

/**
 * What registration leads to (issue 13, item 3): the address the link went to, a way to have it
 * sent again, and a way back to fix a mistyped address, instead of an emptied form.
 */
export function CheckEmail({ email, next, onChangeEmail }: CheckEmailProps) {
  const resendCall = useResendVerification();
  // The first e-mail has just left: a resend makes sense only after a short wait.
  const [waitUntil, setWaitUntil] = useState(() => Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((waitUntil - now) / 1000));

  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft, now]);

  const resend = () => {
    resendCall.mutate(
      { email, ...(next ? { next } : {}) },
      {
        onSettled: () => {
          const at = Date.now();
          setWaitUntil(at + RESEND_COOLDOWN_SECONDS * 1000);
          setNow(at);
        },
      },
    );
  };

  return (
    <AuthCard title={CHECK_EMAIL_TITLE}>
      <FormAlert tone="success" focus>
        <p>{REGISTER_SUCCESS_MESSAGE}</p>
        <p>
          Te hemos enviado un enlace de confirmación a{' '}
          <strong className="check-email__address">{email}</strong>. Ábrelo para activar tu cuenta
          {next ? ' y volver a lo que estabas viendo' : ''}; entrarás directamente.
        </p>
      </FormAlert>
      <p className="auth-card__note">
        ¿No lo encuentras? Mira en la carpeta de spam o de promociones. El enlace vale{' '}
        {VERIFY_EMAIL_TOKEN_HOURS} horas.
      </p>

      {resendCall.isSuccess ? (
        <FormAlert tone="success" focus key={resendCall.submittedAt} className="check-email__result">
          {resendCall.data.message || RESENT_FALLBACK}
        </FormAlert>
      ) : null}
      <CallError call={resendCall} fallback={RESEND_FAILED} className="check-email__result" />

      <div className="check-email__actions">
        <button
          type="button"
          className="btn btn--gold btn--block"
          disabled={resendCall.isPending || secondsLeft > 0}
          aria-describedby={secondsLeft > 0 ? 'check-email-wait' : undefined}
          onClick={resend}
        >
          {resendCall.isPending ? 'Reenviando...' : 'Reenviar correo'}
        </button>
        {secondsLeft > 0 ? (
          <p id="check-email-wait" className="check-email__wait">
            Podrás pedir otro correo en {secondsLeft} s.
          </p>
        ) : null}
        <button type="button" className="btn btn--outline btn--block" onClick={onChangeEmail}>
          Cambiar el email
        </button>
      </div>
      <p className="auth-card__footer">
        ¿Ya lo confirmaste? <Link to={withNext('/login', next)}>Inicia sesión</Link>
      </p>
    </AuthCard>
  );
}
