import { formatUsd } from '@magotips/contracts/money';
import type { TTipLockedResponse } from '@magotips/contracts/tips';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { availablePacksQueryOptions } from '../../../lib/api/get-available-packs';
import type { PackPurchaseState } from '../../../lib/payments/purchase-navigation';

type LockedTipProps = {
  /** The server's explanation of the lock. */
  message: string;
  packs: TTipLockedResponse['packs'];
  viewerId: string | null;
};

export const LOCKED_FALLBACK =
  'Hazte VIP con una suscripción mensual o compra un pack que incluya este partido.';
export const PACK_GONE = 'Este pack ya no está disponible para la compra.';

/** A premium tip the reader may not open yet: subscribe, or buy one of the packs holding it. */
export function LockedTip({ message, packs, viewerId }: LockedTipProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const packsTitleId = useId();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // /purchase shows the pack's description and matches, which the 403 answer does not carry:
  // the full pack comes from the buyer's list of available packs.
  async function buy(packId: string) {
    setBusyId(packId);
    setFailure(null);
    try {
      const { data } = await queryClient.fetchQuery(availablePacksQueryOptions(viewerId));
      const pack = data.find((candidate) => candidate._id === packId);
      if (!pack) {
        setFailure(PACK_GONE);
        return;
      }
      const purchase: PackPurchaseState = { item: pack, type: 'pack' };
      navigate('/purchase', { state: purchase });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : PACK_GONE);
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="tip-locked">
      <p className="tip-locked__badge">
        <span aria-hidden="true">🔒</span> Análisis VIP
      </p>
      <p className="tip-locked__message">{message.trim() || LOCKED_FALLBACK}</p>
      <Link className="btn btn--gold" to="/subscription">
        Suscribirse
      </Link>
      {packs.length > 0 ? (
        <section className="tip-locked__packs" aria-labelledby={packsTitleId}>
          <h2 id={packsTitleId} className="tip-locked__packs-title">
            Packs que incluyen este análisis
          </h2>
          <ul className="tip-locked__pack-list">
            {packs.map((pack) => (
              <li key={pack._id} className="tip-locked__pack">
                <span className="tip-locked__pack-name">{pack.nombre}</span>
                <span className="tip-locked__pack-price">{formatUsd(pack.precio)}</span>
                <button
                  type="button"
                  className="btn btn--small btn--gold"
                  disabled={busyId !== null}
                  aria-label={`Comprar ${pack.nombre}`}
                  onClick={() => void buy(pack._id)}
                >
                  {busyId === pack._id ? 'Cargando...' : 'Comprar'}
                </button>
              </li>
            ))}
          </ul>
          {failure ? (
            <p className="tip-locked__error" role="alert">
              {failure}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
