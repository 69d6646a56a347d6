import type { ReactNode } from 'react';
import { WizardMark } from '../ui/wizard-mark';
import './form.css';

type AuthCardProps = {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** The social sign-in button, shown under an "o" divider. */
  social?: ReactNode;
  /** The way to the sibling page ("¿No tienes cuenta? Regístrate"). */
  footer?: ReactNode;
  wide?: boolean;
};

/** The one card every account page (sign-in, registration, e-mail links) sits in. */
export function AuthCard({ title, lead, children, social, footer, wide = false }: AuthCardProps) {
  return (
    <section className="auth-page container" aria-labelledby="auth-title">
      <title>{`${title} · MagoTips`}</title>
      <div className={`auth-card${wide ? ' auth-card--wide' : ''}`}>
        <header className="auth-card__header">
          <WizardMark className="auth-card__mark" size={56} />
          <h1 id="auth-title" className="auth-card__title">
            {title}
          </h1>
          {lead ? <p className="auth-card__lead">{lead}</p> : null}
        </header>
        {children}
        {social ? (
          <>
            <p className="auth-card__divider">
              <span>o</span>
            </p>
            {social}
          </>
        ) : null}
        {footer ? <p className="auth-card__footer">{footer}</p> : null}
      </div>
    </section>
  );
}
