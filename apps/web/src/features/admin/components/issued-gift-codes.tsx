import type { TCreateGiftCodesResponse } from '@magotips/contracts/gift-codes';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { giftCodesCsv, giftCodesFileName } from '../gift-codes-csv';

type IssuedGiftCodesProps = {
  issued: TCreateGiftCodesResponse;
  onDone: () => void;
};

const monthsText = (n: number) => (n === 1 ? '1 mes' : `${n} meses`);

/** The codes of the batch just made, this once: the server keeps only their hashes, so this
 * panel stays until the admin says they have them, and closing it asks first. */
export function IssuedGiftCodes({ issued, onDone }: IssuedGiftCodesProps) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { batch, codes } = issued;

  // The form that held the focus is below: the reader must land on the codes.
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView?.({ block: 'start' });
  }, []);

  const download = () => {
    const url = URL.createObjectURL(
      new Blob([giftCodesCsv(batch, codes)], { type: 'text/csv;charset=utf-8' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = giftCodesFileName(batch);
    document.body.append(link);
    link.click();
    link.remove();
    // After the click has been handled: revoking at once can cancel the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('ok');
    } catch {
      setCopied('failed');
    }
  };

  const grant =
    batch.type === 'plan' && batch.months !== null
      ? `${monthsText(batch.months)} de ${batch.itemName}`
      : `el pack «${batch.itemName}»`;

  return (
    <section ref={ref} className="admin-card gift-issued" aria-labelledby={headingId} tabIndex={-1}>
      <h3 id={headingId} className="admin-card__title">
        {issued.message}
      </h3>
      <p className="gift-issued__grant">Cada código regala {grant}.</p>
      <p className="gift-issued__warning" role="note">
        Guárdalos ahora: por seguridad no se almacenan y no se volverán a mostrar.
      </p>
      <div className="gift-issued__actions">
        <button type="button" className="btn btn--gold" onClick={download}>
          Descargar CSV
        </button>
        <button type="button" className="btn btn--outline" onClick={() => void copy()}>
          Copiar códigos
        </button>
        <button type="button" className="btn btn--outline" onClick={() => setConfirming(true)}>
          Ya los he guardado
        </button>
      </div>
      <p className="admin-field__hint" role="status">
        {copied === 'ok'
          ? 'Códigos copiados al portapapeles.'
          : copied === 'failed'
            ? 'No se pudieron copiar: descarga el CSV.'
            : ''}
      </p>
      <ol className="gift-issued__codes" aria-label="Códigos creados" tabIndex={0}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      {confirming ? (
        <ConfirmDialog
          question="¿Ya has guardado los códigos?"
          detail="Al cerrar este aviso no se podrán volver a ver ni descargar."
          confirmLabel="Sí, cerrar"
          busyLabel="Cerrando..."
          busy={false}
          tone="gold"
          onConfirm={onDone}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
