// First: Zod's settings (jitless under the CSP, Spanish texts) must precede any schema built.
import '../../../lib/spanish-zod';
import { ZChangePasswordForm } from '@magotips/contracts/new-password';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form/form-alert';
import { PasswordField } from '../../../components/form/form-field';
import { useSession } from '../../../lib/session/session-context';
import { useChangePassword } from '../api/change-password';
import { CallError } from '../../../components/form/call-error';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
const CHANGED_FALLBACK = 'Tu contraseña se ha actualizado correctamente.';
const CHANGE_FAILED = 'No pudimos cambiar la contraseña. Intenta nuevamente.';

export function ChangePasswordForm() {
  const { setSession } = useSession();
  const changeCall = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZChangePasswordForm), defaultValues: EMPTY });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    changeCall.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ user, token }) => {
          // The change ended every session issued before it, this one's token included: only
          // the token in the answer keeps this browser signed in.
          setSession(user, token);
          reset(EMPTY);
        },
      },
    ),
  );

  return (
    <section className="account-card" aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="account-card__title">
        Cambiar contraseña
      </h3>
      <p className="account-card__text">
        Al cambiarla se cerrarán tus sesiones abiertas en otros dispositivos.
      </p>
      <form
        className="form"
        noValidate
        onSubmit={onSubmit}
        // The last answer (wrong current password, or done) is about what was sent: typing again
        // makes it stale, so it goes.
        onChange={() => {
          if (!changeCall.isIdle && !changeCall.isPending) changeCall.reset();
        }}
      >
        <PasswordField
          label="Contraseña actual"
          autoComplete="current-password"
          registration={register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <PasswordField
          label="Nueva contraseña"
          autoComplete="new-password"
          hint="Al menos 6 caracteres."
          // A changed password re-checks its confirmation: no stale "no coinciden".
          registration={register('newPassword', { deps: ['confirmPassword'] })}
          error={errors.newPassword?.message}
        />
        <PasswordField
          label="Confirmar nueva contraseña"
          autoComplete="new-password"
          registration={register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <CallError call={changeCall} fallback={CHANGE_FAILED} />
        {changeCall.isSuccess ? (
          <FormAlert tone="success" focus key={changeCall.submittedAt}>
            {changeCall.data.message || CHANGED_FALLBACK}
          </FormAlert>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="btn btn--gold" disabled={changeCall.isPending}>
            {changeCall.isPending ? 'Guardando...' : 'Cambiar contraseña'}
          </button>
        </div>
      </form>
    </section>
  );
}
