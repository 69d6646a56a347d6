import { DELETE_CONFIRM_WORD, ZDeleteAccountRequest } from '@magotips/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField, TextField } from '../../../components/form/form-field';
import { useLogout } from '../../../lib/session/use-logout';
import { useDeleteAccount } from '../api/delete-account';
import { CallError } from '../../../components/form/call-error';

const DELETE_FAILED = 'No pudimos eliminar tu cuenta. Intenta nuevamente.';

type DeleteValues = { confirm: string; password: string };

/** Two steps: the form proves intent (ELIMINAR and the password), then an explicit
 * confirmation before the one call that cannot be undone. */
export function DeleteAccountForm() {
  const deleteCall = useDeleteAccount();
  const logout = useLogout();
  const [pending, setPending] = useState<DeleteValues | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
    // `confirm` starts empty without a default: the contract types it as the literal word,
    // and the resolver answers anything else with 'Debes escribir "ELIMINAR" para confirmar'.
  } = useForm({ resolver: zodResolver(ZDeleteAccountRequest), defaultValues: { password: '' } });

  useEffect(() => {
    if (pending) confirmRef.current?.focus();
  }, [pending]);

  const onSubmit = handleSubmit(({ confirm, password }) => {
    deleteCall.reset();
    setPending({ confirm, password: password ?? '' });
  });

  const cancel = () => {
    setPending(null);
    // Back to where the user started, not to the top of the page.
    requestAnimationFrame(() => startRef.current?.focus());
  };

  const confirmDeletion = () => {
    if (!pending) return;
    deleteCall.mutate(
      {
        confirm: DELETE_CONFIRM_WORD,
        ...(pending.password ? { password: pending.password } : {}),
      },
      {
        // The account no longer exists: end the session like a sign-out, back to the home page.
        onSuccess: logout,
        onError: () => setPending(null),
      },
    );
  };

  return (
    <section className="account-card account-card--danger" aria-labelledby="delete-account-title">
      <h3 id="delete-account-title" className="account-card__title">
        Eliminar cuenta
      </h3>
      <p className="account-card__text">
        Se borrarán tu cuenta y tus datos personales, y perderás el acceso a tus packs y a tu
        suscripción. Esta acción no se puede deshacer.
      </p>
      {pending ? (
        <div
          ref={confirmRef}
          className="delete-confirm"
          role="group"
          aria-labelledby="delete-confirm-title"
          tabIndex={-1}
        >
          <p id="delete-confirm-title" className="delete-confirm__title">
            ¿Seguro que quieres eliminar tu cuenta definitivamente?
          </p>
          <div className="form__actions">
            <button
              type="button"
              className="btn btn--danger"
              onClick={confirmDeletion}
              disabled={deleteCall.isPending}
            >
              {deleteCall.isPending ? 'Eliminando...' : 'Sí, eliminar mi cuenta'}
            </button>
            <button
              type="button"
              className="btn btn--outline"
              onClick={cancel}
              disabled={deleteCall.isPending}
            >
              Cancelar
            </button>
          </div>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={onSubmit}>
          <TextField
            label={`Escribe ${DELETE_CONFIRM_WORD} para confirmar`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            registration={register('confirm')}
            error={errors.confirm?.message}
          />
          <PasswordField
            label="Contraseña actual"
            autoComplete="current-password"
            registration={register('password')}
            error={errors.password?.message}
          />
          <CallError call={deleteCall} fallback={DELETE_FAILED} />
          <div className="form__actions">
            <button ref={startRef} type="submit" className="btn btn--danger">
              Eliminar mi cuenta
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
