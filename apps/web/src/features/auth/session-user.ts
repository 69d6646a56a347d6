// The stored user as far as the client reads it so far; the full user contract arrives with
// login and registration. A hand-written guard rather than a Zod schema: the session is read
// before the first paint, and Zod is kept out of the landing's entry bundle (see
// features/tips/api/get-tip-preview.ts).

export type TSessionUser = {
  _id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  roles: { name: string }[];
  subscription?: { hasActiveSubscription: boolean; plan?: string };
  [key: string]: unknown;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isSessionUser(value: unknown): value is TSessionUser {
  if (!isRecord(value)) return false;
  if (typeof value._id !== 'string' || value._id === '') return false;
  if (typeof value.email !== 'string') return false;
  if (!Array.isArray(value.roles)) return false;
  if (!value.roles.every((role) => isRecord(role) && typeof role.name === 'string')) return false;
  const { subscription } = value;
  return (
    subscription === undefined ||
    (isRecord(subscription) && typeof subscription.hasActiveSubscription === 'boolean')
  );
}
