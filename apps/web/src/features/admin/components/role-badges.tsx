import { ADMIN_MSG } from '@magotips/contracts/admin';
import { ROLE_LABELS } from '@magotips/contracts/roles';
import type { TUser, TUserRole } from '@magotips/contracts/users';

export function fullName(user: Pick<TUser, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

// Admin first, then editor, then the base role: the one that matters most is read first.
const ORDER: Record<TUserRole['name'], number> = { admin: 0, editor: 1, user: 2 };
export function sortedRoles(roles: readonly TUserRole[]): TUserRole[] {
  return [...roles].sort((a, b) => ORDER[a.name] - ORDER[b.name]);
}

type RoleListProps = {
  user: TUser;
  /** The signed-in admin: only the roles they gave can be taken away, by them (SPEC.md §4). */
  currentAdminId: string;
  /** Absent: the list only shows the roles (the assign search). */
  onRemove?: (role: TUserRole['name']) => void;
  busy?: boolean;
};

/** A user's roles, each with what the admin may do about it. */
export function RoleList({ user, currentAdminId, onRemove, busy }: RoleListProps) {
  const name = fullName(user);
  return (
    <ul className="admin-roles" aria-label={`Roles de ${name}`}>
      {sortedRoles(user.roles).map((role) => (
        <li key={role.name} className="admin-roles__item">
          <span className={`admin-chip admin-chip--${role.name}`}>{ROLE_LABELS[role.name]}</span>
          {!onRemove ? null : role.name === 'user' ? (
            <span className="admin-roles__note">Rol básico</span>
          ) : role.assignedBy === currentAdminId ? (
            <button
              type="button"
              className="btn btn--small admin-btn--quiet-danger"
              // Visible text first in the name (WCAG 2.5.3), then whose role it is.
              aria-label={`Quitar rol ${role.name} a ${name}`}
              disabled={busy}
              onClick={() => onRemove(role.name)}
            >
              Quitar
            </button>
          ) : (
            <span className="admin-roles__note">
              {role.assignedBy === null ? ADMIN_MSG.systemRole : ADMIN_MSG.assignedByOther}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
