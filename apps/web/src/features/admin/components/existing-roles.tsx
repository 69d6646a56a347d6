import { ADMIN_MSG } from '@magotips/contracts/admin';
import type { TUser, TUserRole } from '@magotips/contracts/users';
import { useEffect, useId, useState } from 'react';
import { useAdminUsers } from '../api/get-admin-users';
import { useRemoveRole } from '../api/remove-role';
import { useDebouncedValue } from '../use-debounced-value';
import { ActionError, ActionNotice, EmptyState, ErrorPanel, LoadingState } from '../../../components/ui/list-states';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { fullName, RoleList } from './role-badges';
import { PauseBadge } from './pause-badge';
import { Pager } from './pager';

const PAGE_SIZE = 20;

type PendingRemoval = { user: TUser; role: TUserRole['name'] };

/** Users holding admin or editor, searched on the server by name or e-mail (SPEC.md §5). */
export function ExistingRoles({ currentAdminId }: { currentAdminId: string }) {
  const headingId = useId();
  const searchId = useId();
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(term.trim(), 300);
  const list = useAdminUsers({ search, page, limit: PAGE_SIZE });
  const remove = useRemoveRole();
  const [pending, setPending] = useState<PendingRemoval | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // Removing the last staff role of the last user on a page empties it: step back a page.
  const lastPage = list.data?.pagination.pages ?? 0;
  useEffect(() => {
    if (lastPage > 0 && page > lastPage) setPage(lastPage);
  }, [lastPage, page]);

  const confirmRemoval = () => {
    if (!pending) return;
    const { user, role } = pending;
    remove.mutate(
      { userId: user._id, role },
      {
        onSuccess: () => setNotice(`Rol ${role} quitado a ${fullName(user)}.`),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-card__title">
        Usuarios con roles
      </h2>
      <form className="admin-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={searchId} className="admin-field__label">
          Buscar por nombre, apellido o e-mail
        </label>
        <input
          id={searchId}
          type="search"
          className="admin-field__input"
          value={term}
          autoComplete="off"
          onChange={(e) => {
            setTerm(e.target.value);
            setPage(1);
            // A new search: the notice or error about the last removal is stale.
            setNotice(null);
            if (remove.isError) remove.reset();
          }}
        />
      </form>

      <ActionNotice text={notice} />
      {remove.isError ? (
        <ActionError title={ADMIN_MSG.removeRoleError} message={remove.error.message} onDismiss={() => remove.reset()} />
      ) : null}

      {list.isPending ? (
        // Holds about three users' height, what a small staff's list takes, so the cards below
        // do not jump when it arrives (CLS on a phone was 0.13 without it).
        <div className="admin-users-pending">
          <LoadingState text="Cargando usuarios..." />
        </div>
      ) : list.isError ? (
        <ErrorPanel
          title={search ? ADMIN_MSG.searchUsersError : ADMIN_MSG.loadUsersError}
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.users.length === 0 ? (
        <EmptyState>
          {search ? `Ningún usuario con roles coincide con «${search}».` : 'No hay usuarios con roles asignados.'}
        </EmptyState>
      ) : (
        <>
          {list.isPlaceholderData ? (
            <LoadingState text="Buscando..." inline />
          ) : null}
          <ul className="admin-users" aria-busy={list.isPlaceholderData || undefined}>
            {list.data.users.map((user) => (
              <li key={user._id} className="admin-user">
                <p className="admin-user__name">{fullName(user)}</p>
                <p className="admin-user__email">{user.email}</p>
                <PauseBadge user={user} />
                <RoleList
                  user={user}
                  currentAdminId={currentAdminId}
                  busy={remove.isPending}
                  onRemove={(role) => {
                    setNotice(null);
                    remove.reset();
                    setPending({ user, role });
                  }}
                />
              </li>
            ))}
          </ul>
          <Pager pagination={list.data.pagination} onPage={setPage} label="Páginas de usuarios con roles" />
        </>
      )}

      {pending ? (
        <ConfirmDialog
          question={ADMIN_MSG.removeConfirm(pending.role)}
          detail={`${fullName(pending.user)} (${pending.user.email}) dejará de tener este rol al instante.`}
          confirmLabel="Quitar rol"
          busyLabel="Quitando..."
          busy={remove.isPending}
          onConfirm={confirmRemoval}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}
