import type { TCreateGiftCodesResponse } from '@magotips/contracts/gift-codes';
import { useId, useState } from 'react';
import { ActionError } from '../../../components/ui/list-states';
import { useCreateGiftCodes } from '../api/create-gift-codes';
import { GiftCodeForm } from './gift-code-form';
import { GiftCodeList } from './gift-code-list';
import { IssuedGiftCodes } from './issued-gift-codes';
import '../gift-codes.css';

/** /panel/admin?tab=codigos (issue 16): make a batch of gift codes, take them (shown once, and
 * as a CSV), and follow or revoke every code made. */
export function GiftCodesTab() {
  const headingId = useId();
  const create = useCreateGiftCodes();
  // Held here, not in the query cache: the plain codes must not outlive this screen.
  const [issued, setIssued] = useState<TCreateGiftCodesResponse | null>(null);

  return (
    <div className="admin-stack">
      {issued ? (
        <IssuedGiftCodes issued={issued} onDone={() => setIssued(null)} />
      ) : (
        <section className="admin-card" aria-labelledby={headingId}>
          <h2 id={headingId} className="admin-card__title">
            Crear códigos de regalo
          </h2>
          <p className="admin-field__hint">
            Cada código se canjea una vez en «Mi Cuenta» y regala meses de un plan (sin renovación
            automática, o sumados a la suscripción que ya tenga) o un pack.
          </p>
          {create.isError ? (
            <ActionError
              title="Error al crear los códigos"
              message={create.error.message}
              onDismiss={() => create.reset()}
              focus
              key={create.submittedAt}
            />
          ) : null}
          <GiftCodeForm
            busy={create.isPending}
            onCreate={(request) =>
              create.mutate(request, {
                onSuccess: (answer) => {
                  setIssued(answer);
                  create.reset();
                },
              })
            }
          />
        </section>
      )}
      <GiftCodeList />
    </div>
  );
}
