import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { WizardMark } from '../../components/ui/wizard-mark';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useStoredFlag } from '../../lib/use-stored-flag';
import { leaveSite } from './leave-site';
import './disclaimer-modal.css';

/** Age and no-guarantee notice (SPEC.md §2, §4): shown until accepted once in this browser. */
export function DisclaimerModal() {
  const [accepted, accept] = useStoredFlag(STORAGE_KEYS.disclaimerAccepted);
  const titleId = useId();
  const descriptionId = useId();
  const acceptRef = useRef<HTMLButtonElement>(null);
  const leaveRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (accepted) return;
    // Focus after the browser has laid out and painted the first screen: focusing right away
    // would force that whole layout inside this script task (one long task at start-up).
    let timer = 0;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => acceptRef.current?.focus());
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [accepted]);

  if (accepted) return null;

  // The ways out are accepting or leaving, so Tab moves between those two and never wanders off
  // to the page behind.
  const keepFocusInside = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    event.preventDefault();
    (document.activeElement === acceptRef.current ? leaveRef : acceptRef).current?.focus();
  };

  return (
    <div className="modal-backdrop">
      <div
        className="disclaimer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onKeyDown={keepFocusInside}
      >
        <WizardMark className="disclaimer__mark" size={64} />
        <h2 id={titleId} className="disclaimer__title">
          Antes de continuar
        </h2>
        <div id={descriptionId} className="disclaimer__body">
          <p>
            MagoTips es un servicio exclusivo para personas <strong>mayores de 21 años</strong>. Al
            continuar confirmas que tienes 21 años o más.
          </p>
          <p>
            Nuestros tips son <strong>análisis y opiniones</strong> deportivas, no garantías de
            resultado. Apuesta solo lo que puedas permitirte perder y juega con responsabilidad.
          </p>
        </div>
        <button ref={acceptRef} type="button" className="btn btn--gold btn--block" onClick={accept}>
          Aceptar y continuar
        </button>
        <button ref={leaveRef} type="button" className="btn btn--outline btn--block disclaimer__leave" onClick={leaveSite}>
          Soy menor de 21 – Salir
        </button>
      </div>
    </div>
  );
}
