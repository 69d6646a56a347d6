import { shownName } from '../mail/templates';

/** A friend as their referrer sees them (decision 0119): the first name and the initial of the
 * last one ("Ana G."), enough to recognise, no more; only letters, so no link hides in it. */
export function friendName(firstName: string, lastName: string): string {
  const first = shownName(firstName, 30) ?? 'Tu amigo';
  const initial = shownName(lastName)?.charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}
