import {
  GIFT_CODE_STATE_LABELS,
  GIFT_CODE_STATES,
  type GiftCodeState,
  type TAdminGiftCode,
} from '@magotips/contracts/gift-codes';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useGiftCodes } from '../api/get-gift-codes';
import { useRevokeGiftCode } from '../api/revoke-gift-code';
import { ActionFeedback, ListBody, TableRegion, useActionNotice } from './admin-list-parts';
import { Pager } from './pager';
import { formatMatchDay, formatMoment } from '../../../lib/format-date';
import { useReaderTimeZone } from '../../../lib/reader-zone';

const PAGE_SIZE = 25;

export const GIFT_LIST_TEXT = {
  title: 'Códigos emitidos',
  caption: 'Códigos de regalo',
  loading: 'Cargando códigos...',
  loadError: 'Error al cargar los códigos',
  empty: 'Aún no se ha creado ningún código.',
  emptyState: (state: string) => `No hay códigos en estado «${state}».`,
  revokeQuestion: '¿Revocar este código?',
  revokeFailed: 'Error al revocar el código',
} as const;

const grantOf = (code: TAdminGiftCode) =>
  code.batch.type === 'plan' && code.batch.months !== null
    ? `${code.batch.itemName} · ${code.batch.months === 1 ? '1 mes' : `${code.batch.months} meses`}`
    : `Pack ${code.batch.itemName}`;

const CHIP: Record<GiftCodeState, string> = {
  sin_usar: 'free',
  canjeado: 'vip',
  caducado: 'warn',
  revocado: 'critical',
};

/** Every code with its batch and state, filtered by state; an unused one can be revoked. */
export function GiftCodeList() {
  const headingId = useId();
  const filterId = useId();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<GiftCodeState | null>(null);
  const list = useGiftCodes({ page, limit: PAGE_SIZE, state });
  const revoke = useRevokeGiftCode();
  const [pending, setPending] = useState<TAdminGiftCode | null>(null);
  const notice = useActionNotice();

  const confirmRevoke = () => {
    if (!pending) return;
    revoke.mutate(pending._id, {
      onSuccess: (answer) => notice.show(`${answer.message} (…${answer.code.hint}).`),
      onSettled: () => setPending(null),
    });
  };

  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="admin-card__title">
        {GIFT_LIST_TEXT.title}
      </h3>
      <div className="admin-field gift-list__filter">
        <label htmlFor={filterId} className="admin-field__label">
          Estado
        </label>
        <select
          id={filterId}
          className="admin-field__input"
          value={state ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            setState(GIFT_CODE_STATES.find((s) => s === value) ?? null);
            setPage(1);
          }}
        >
          <option value="">Todos</option>
          {GIFT_CODE_STATES.map((s) => (
            <option key={s} value={s}>
              {GIFT_CODE_STATE_LABELS[s]}
            </option>
          ))}
        </select>
      </div>

      <ActionFeedback notice={notice} action={revoke} failTitle={GIFT_LIST_TEXT.revokeFailed} />

      <ListBody
        query={list}
        loading={GIFT_LIST_TEXT.loading}
        loadError={GIFT_LIST_TEXT.loadError}
        isEmpty={(data) => data.codes.length === 0}
        empty={
          state ? GIFT_LIST_TEXT.emptyState(GIFT_CODE_STATE_LABELS[state]) : GIFT_LIST_TEXT.empty
        }
      >
        {(data) => (
          <>
            <TableRegion label={GIFT_LIST_TEXT.caption} busy={list.isPlaceholderData}>
              <table className="admin-table gift-list__table">
                <caption>{GIFT_LIST_TEXT.caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">Código</th>
                    <th scope="col">Regalo</th>
                    <th scope="col">Lote</th>
                    <th scope="col">Estado</th>
                  </tr>
                </thead>
                <tbody>
                  {data.codes.map((code) => (
                    <GiftCodeRow
                      key={code._id}
                      code={code}
                      busy={revoke.isPending}
                      onRevoke={() => {
                        notice.clear();
                        revoke.reset();
                        setPending(code);
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </TableRegion>
            <Pager pagination={data.pagination} onPage={setPage} label="Páginas de códigos" />
          </>
        )}
      </ListBody>

      {pending ? (
        <ConfirmDialog
          question={GIFT_LIST_TEXT.revokeQuestion}
          detail={`El código terminado en ${pending.hint} (${grantOf(pending)}) dejará de poder canjearse. No se puede deshacer.`}
          confirmLabel="Revocar"
          busyLabel="Revocando..."
          busy={revoke.isPending}
          onConfirm={confirmRevoke}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}

function GiftCodeRow({
  code,
  busy,
  onRevoke,
}: {
  code: TAdminGiftCode;
  busy: boolean;
  onRevoke: () => void;
}) {
  const timeZone = useReaderTimeZone();
  const { batch } = code;
  return (
    <tr>
      <th scope="row">
        <code className="gift-list__hint" aria-label={`Terminado en ${code.hint}`}>
          …{code.hint}
        </code>
      </th>
      <td>{grantOf(code)}</td>
      <td>
        {formatMatchDay(batch.createdAt, timeZone)}
        {batch.note ? <span className="gift-list__note">{batch.note}</span> : null}
        {batch.expiresAt ? (
          <span className="gift-list__note">
            Caduca el {formatMatchDay(batch.expiresAt, timeZone)}
          </span>
        ) : null}
      </td>
      <td>
        <span className={`admin-chip admin-chip--${CHIP[code.state]}`}>
          {GIFT_CODE_STATE_LABELS[code.state]}
        </span>
        {code.redeemedAt ? (
          <span className="gift-list__note">
            {`${code.redeemedBy ? `${code.redeemedBy.name} (${code.redeemedBy.email})` : 'Cuenta eliminada'}, ${formatMoment(code.redeemedAt, timeZone)}`}
          </span>
        ) : null}
        {code.revokedAt ? (
          <span className="gift-list__note">{formatMoment(code.revokedAt, timeZone)}</span>
        ) : null}
        {code.state === 'sin_usar' ? (
          <button
            type="button"
            className="btn btn--small btn--outline gift-list__revoke"
            aria-label={`Revocar el código terminado en ${code.hint}`}
            disabled={busy}
            onClick={onRevoke}
          >
            Revocar
          </button>
        ) : null}
      </td>
    </tr>
  );
}
