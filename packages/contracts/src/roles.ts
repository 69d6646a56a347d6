export const ROLE_NAMES = ['admin', 'editor', 'user'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** Only these can be given or taken by an admin; `user` is everyone's base role. */
/** Who may remove a role (decision 0027): 'system' (sign-up's base role, the seed, create-admin):
 * nobody; 'admin': the admin who gave it, while they are one; 'orphaned' (that admin's account was
 * deleted or lost admin): any admin. */
export const ROLE_ORIGINS = ['system', 'admin', 'orphaned'] as const;
export type RoleOrigin = (typeof ROLE_ORIGINS)[number];

export const ASSIGNABLE_ROLES = ['admin', 'editor'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const ROLE_LABELS: Record<RoleName, string> = {
  admin: 'Administrador',
  editor: 'Editor',
  user: 'Usuario',
};

/** The profile badge: admin over editor; shown only when the user has a role beyond `user`. */
export function roleBadge(roles: readonly { name: string }[]): string | null {
  const names = new Set(roles.map((r) => r.name));
  if (names.has('admin')) return ROLE_LABELS.admin;
  if (names.has('editor')) return ROLE_LABELS.editor;
  if ([...names].some((n) => n !== 'user')) return ROLE_LABELS.user;
  return null;
}

export function hasRole(roles: readonly { name: string }[], role: RoleName): boolean {
  return roles.some((r) => r.name === role);
}

/** Editors and admins write the tips, so they read every one of them (decision 0009). */
export const STAFF_ROLES: readonly RoleName[] = ['editor', 'admin'];

/** Who reads every VIP tip without buying: an active subscriber, an editor or an admin. Anyone
 * else reads the VIP tips of the packs they bought (decision 0031). */
export function readsEveryVipTip(
  roles: readonly { name: string }[],
  hasActiveSubscription: boolean,
): boolean {
  return hasActiveSubscription || STAFF_ROLES.some((role) => hasRole(roles, role));
}
