import { parseOdds } from '@magotips/contracts/bet-schema';
import { CORRECTION_REASON, correctionReasonProblem } from '@magotips/contracts/tip-settle';
import {
  RESULT_LABELS,
  type SettledResult,
  type TipResult,
} from '@magotips/contracts/track-record';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ResultBadge } from '../../../components/track-record/result-badge';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { formatOdds } from '../../../lib/format-track-record';
import { describedBy, FieldError } from '../components/field-error';

export const CLOSING_ODDS_HINT = 'La del mercado al inicio, con coma o punto (para el CLV).';
export const SETTLE_DIALOG_ERROR = 'No se ha guardado el resultado';

export type SettleExtras = { closingOdds?: number; reason?: string };

type SettleDialogProps = {
  tip: { title: string; pick: string; odds: number; result: TipResult };
  /** The outcome the editor chose. */
  result: SettledResult;
  busy: boolean;
  /** The server's refusal, shown inside the dialog, which stays open. */
  error: Error | null;
  onConfirm: (extras: SettleExtras) => void;
  onCancel: () => void;
};

/**
 * The last check before a result goes into the public record (the proof issue, item 1): which
 * tip (title, pick, odds), which result, the optional closing odds and, when a recorded result
 * is replaced, the reason the revision will show. The contract's rules (parseOdds,
 * correctionReasonProblem) are checked before anything is sent.
 */
export function SettleDialog({ tip, result, busy, error, onConfirm, onCancel }: SettleDialogProps) {
  const isCorrection = tip.result !== 'pendiente';
  const [closing, setClosing] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ closing?: string; reason?: string }>({});
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const firstRef = useRef<HTMLInputElement>(null);
  const reasonLength = reason.trim().length;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const odds = closing.trim() === '' ? null : parseOdds(closing);
    const reasonProblem = isCorrection ? correctionReasonProblem(reason) : null;
    const next = {
      ...(odds && !odds.ok ? { closing: odds.message } : {}),
      ...(reasonProblem ? { reason: reasonProblem } : {}),
    };
    setProblems(next);
    if (next.closing || next.reason) {
      document.getElementById(next.closing ? id('closing') : id('reason'))?.focus();
      return;
    }
    onConfirm({
      ...(odds?.ok ? { closingOdds: odds.value } : {}),
      ...(isCorrection ? { reason: reason.trim() } : {}),
    });
  }

  const label = RESULT_LABELS[result];
  return (
    <ModalDialog
      role="alertdialog"
      labelledBy={id('title')}
      describedBy={id('summary')}
      onClose={() => {
        if (!busy) onCancel();
      }}
      initialFocusRef={firstRef}
      className="confirm-dialog settle-dialog"
    >
      <form noValidate onSubmit={submit}>
        <h2 id={id('title')} className="confirm-dialog__question">
          {isCorrection ? `¿Corregir el resultado a «${label}»?` : `¿Registrar «${label}»?`}
        </h2>
        <div id={id('summary')} className="settle-summary">
          <p className="settle-summary__title">{tip.title}</p>
          <p className="settle-summary__bet">
            <span>
              Pronóstico: <strong>{tip.pick}</strong>
            </span>
            <span>
              Cuota <strong>{formatOdds(tip.odds)}</strong>
            </span>
          </p>
          <p className="settle-summary__result">
            Resultado:{' '}
            {isCorrection ? (
              <>
                <ResultBadge result={tip.result} /> <span aria-hidden="true">→</span>
                <span className="visually-hidden">pasa a</span>{' '}
              </>
            ) : null}
            <ResultBadge result={result} />
          </p>
        </div>

        {error ? (
          <div role="alert" className="settle-dialog__error">
            <strong>{SETTLE_DIALOG_ERROR}</strong>
            <p>{error.message}</p>
          </div>
        ) : null}

        <div className="editor-field">
          <label className="editor-label" htmlFor={id('closing')}>
            Cuota de cierre (opcional)
          </label>
          <input
            ref={firstRef}
            id={id('closing')}
            className="editor-input"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            value={closing}
            disabled={busy}
            onChange={(event) => {
              setClosing(event.target.value);
              setProblems((p) => ({ ...p, closing: undefined }));
            }}
            {...describedBy(id('closing-error'), problems.closing, id('closing-hint'))}
          />
          <p id={id('closing-hint')} className="field-hint">
            {CLOSING_ODDS_HINT}
            {isCorrection ? ' Vacía, queda la registrada.' : ''}
          </p>
          <FieldError id={id('closing-error')} message={problems.closing} />
        </div>

        {isCorrection ? (
          <div className="editor-field">
            <label className="editor-label" htmlFor={id('reason')}>
              Motivo de la corrección
            </label>
            <textarea
              id={id('reason')}
              className="editor-input editor-textarea settle-dialog__reason"
              rows={3}
              maxLength={CORRECTION_REASON.max}
              required
              value={reason}
              disabled={busy}
              onChange={(event) => {
                setReason(event.target.value);
                setProblems((p) => ({ ...p, reason: undefined }));
              }}
              {...describedBy(id('reason-error'), problems.reason, id('reason-hint'))}
            />
            <p id={id('reason-hint')} className="field-hint settle-dialog__counter">
              Público. {reasonLength} de {CORRECTION_REASON.max} caracteres, mínimo{' '}
              {CORRECTION_REASON.min}.
            </p>
            <FieldError id={id('reason-error')} message={problems.reason} />
          </div>
        ) : null}

        <div className="dialog-actions">
          <button type="button" className="btn btn--outline" onClick={onCancel} disabled={busy}>
            Cancelar
          </button>
          <button type="submit" className="btn btn--gold" disabled={busy}>
            {busy ? 'Guardando...' : isCorrection ? 'Corregir resultado' : 'Registrar resultado'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
