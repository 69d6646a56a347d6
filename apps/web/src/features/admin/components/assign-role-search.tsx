import { ADMIN_MSG } from '@magotips/contracts/admin';
import { ASSIGNABLE_ROLES, hasRole, ROLE_LABELS, type AssignableRole } from '@magotips/contracts/roles';
import type { TUser } from '@magotips/contracts/users';
import { useId, useState, type FormEvent } from 'react';
import { useAssignRole } from '../api/assign-role';
import { useAdminUsers } from '../api/get-admin-users';
import { ActionError, ActionNotice, EmptyState, ErrorPanel, LoadingState } from '../../../components/ui/list-states';
import { fullName, RoleList } from './role-badges';
import { PauseBadge } from './pause-badge';

/** Finds one person by full e-mail or full name (exact, SPEC.md §5) and gives them a role. */
export function AssignRoleSearch({ currentAdminId }: { currentAdminId: string }) {
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [term, setTerm] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const found = useAdminUsers({ exact: submitted ?? '' }, submitted !== null);
  const assign = useAssignRole();
  const [notice, setNotice] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = term.trim();
    if (!value) {
      setFieldError(ADMIN_MSG.exactRequired);
      return;
    }
    setFieldError(null);
    setNotice(null);
    assign.reset();
    setSubmitted(value);
  };

  const give = (user: TUser, role: AssignableRole) => {
    setNotice(null);
    assign.mutate(
      { userId: user._id, role },
      { onSuccess: () => setNotice(`Rol ${role} asignado a ${fullName(user)}.`) },
    );
  };

  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-card__title">
        Asignar rol
      </h2>
      <form className="admin-search admin-search--submit" onSubmit={onSubmit} noValidate>
        <div className="admin-field">
          <label htmlFor={inputId} className="admin-field__label">
            E-mail o nombre completo
          </label>
          <p id={hintId} className="admin-field__hint">
            Escribe el e-mail completo o el nombre y apellido exactos.
          </p>
          <input
            id={inputId}
            type="search"
            className="admin-field__input"
            value={term}
            autoComplete="off"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${hintId} ${errorId}` : hintId}
            onChange={(e) => {
              setTerm(e.target.value);
              // What was said about the previous search (a missing term, a role given or
              // refused) no longer applies to a new one.
              setFieldError(null);
              setNotice(null);
              if (assign.isError) assign.reset();
            }}
          />
          {fieldError ? (
            <p id={errorId} className="admin-field__error">
              {fieldError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn--gold">
          Buscar
        </button>
      </form>

      <ActionNotice text={notice} />
      {assign.isError ? (
        <ActionError title={ADMIN_MSG.assignRoleError} message={assign.error.message} onDismiss={() => assign.reset()} />
      ) : null}

      {submitted === null ? null : found.isPending ? (
        <LoadingState text="Buscando usuario..." />
      ) : found.isError ? (
        <ErrorPanel title={ADMIN_MSG.searchUsersError} message={found.error.message} onRetry={() => void found.refetch()} />
      ) : found.data.users.length === 0 ? (
        <EmptyState>No se encontró ningún usuario con ese e-mail o nombre completo.</EmptyState>
      ) : (
        <ul className="admin-users" aria-label="Usuarios encontrados">
          {found.data.users.map((user) => (
            <FoundUser
              key={user._id}
              user={user}
              currentAdminId={currentAdminId}
              busy={assign.isPending}
              onGive={(role) => give(user, role)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

type FoundUserProps = {
  user: TUser;
  currentAdminId: string;
  busy: boolean;
  onGive: (role: AssignableRole) => void;
};

function FoundUser({ user, currentAdminId, busy, onGive }: FoundUserProps) {
  const nameId = useId();
  return (
    <li className="admin-user">
      <p id={nameId} className="admin-user__name">
        {fullName(user)}
      </p>
      <p className="admin-user__email">{user.email}</p>
      <PauseBadge user={user} />
      <RoleList user={user} currentAdminId={currentAdminId} />
      <div className="admin-user__actions">
        {ASSIGNABLE_ROLES.map((role) =>
          hasRole(user.roles, role) ? (
            <span key={role} className="admin-roles__note">
              Ya es {ROLE_LABELS[role].toLowerCase()}
            </span>
          ) : (
            <button
              key={role}
              type="button"
              className="btn btn--small btn--outline"
              aria-describedby={nameId}
              disabled={busy}
              onClick={() => onGive(role)}
            >
              Dar rol {role}
            </button>
          ),
        )}
      </div>
    </li>
  );
}
