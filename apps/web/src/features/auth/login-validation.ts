import type { TLoginRequest, ZLoginRequest } from '@magotips/contracts/auth';

export type LoginField = keyof TLoginRequest;
export type LoginErrors = Partial<Record<LoginField, string>>;
export type LoginCheck = { data: TLoginRequest; errors?: undefined } | { errors: LoginErrors };

type LoginSchema = typeof ZLoginRequest;

let loading: Promise<LoginSchema> | undefined;

/** Zod, the contract's login schema and the Spanish messages: some 40 KB compressed that the
 * sign-in page does not need to paint, so they arrive on the first focus of the form (or the
 * first submit) instead of with the page. */
export function loadLoginSchema(): Promise<LoginSchema> {
  // Zod's settings first (its CSP-safe mode must be on before the contract builds its schemas).
  loading ??= import('../../lib/spanish-zod')
    .then(() => import('@magotips/contracts/auth'))
    .then(({ ZLoginRequest }) => ZLoginRequest);
  // A failed download may be retried by the next focus or submit.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** ZLoginRequest.safeParse, with the first message of each field (what a zodResolver form
 * shows). Should the schema fail to download, the values go to the server as they are: the API
 * applies the same schema and answers with its Spanish message. */
export async function checkLogin(values: TLoginRequest): Promise<LoginCheck> {
  let schema: LoginSchema;
  try {
    schema = await loadLoginSchema();
  } catch {
    return { data: values };
  }
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  return { errors };
}
