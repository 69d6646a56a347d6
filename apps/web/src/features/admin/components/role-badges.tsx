import { ADMIN_MSG } from '@magotips/contracts/admin';
import { ROLE_LABELS, type RoleOrigin } from '@magotips/contracts/roles';
import type { TUser, TUserRole } from '@magotips/contracts/users';

export function fullName(user: Pick<TUser, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

// Admin first, then editor, then the base role: the one that matters most is read first.
const ORDER: Record<TUserRole['name'], number> = { admin: 0, editor: 1, user: 2 };
export function sortedRoles(roles: readonly TUserRole[]): TUserRole[] {
  return [...roles].sort((a, b) => ORDER[a.name] - ORDER[b.name]);
}

/** The server says who may remove a role; a user object stored before it did reads as before:
 * no assigner means the system gave it. */
function originOf(role: TUserRole): RoleOrigin {
  return role.origin ?? (role.assignedBy === null ? 'system' : 'admin');
}

/** Removal is offered for the roles this admin gave (SPEC.md §4) and for orphaned ones, whose
 * admin was deleted or lost admin: any admin may clear those (decision 0027). */
export function isRemovable(role: TUserRole, currentAdminId: string): boolean {
  const origin = originOf(role);
  return origin === 'orphaned' || (origin === 'admin' && role.assignedBy === currentAdminId);
}

type RoleListProps = {
  user: TUser;
  /** The signed-in admin: they may take away the roles they gave, and orphaned ones. */
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
          ) : isRemovable(role, currentAdminId) ? (
            <>
              {originOf(role) === 'orphaned' ? (
                <span className="admin-roles__note">{ADMIN_MSG.orphanedRole}</span>
              ) : null}
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
            </>
          ) : (
            <span className="admin-roles__note">
              {originOf(role) === 'system' ? ADMIN_MSG.systemRole : ADMIN_MSG.assignedByOther}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
