import type { UserRow } from '../users/users.repository';

/** How a record names the admin who ran it: the name at that moment, kept even if the account
 * is renamed or deleted later. */
export function displayName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.email;
}
