import type { TPauseLiftRequest, TPauseRequest } from '@magotips/contracts/pause';
import type { TUser } from '@magotips/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-context';

/** The answer of both pause calls: the user as the server now has it, and what happened. */
export type TPauseResponse = { user: TUser; message: string };

/** POST /api/account/pause { months: 1 | 3 | 6 | null, password } (decision 0116). */
export function pauseAccount(body: TPauseRequest): Promise<TPauseResponse> {
  return apiRequest<TPauseResponse>('/account/pause', { method: 'POST', body });
}

/** POST /api/account/pause/lift { password }: an indefinite pause, 6 months on, ends 7 days later. */
export function liftPause(body: TPauseLiftRequest): Promise<TPauseResponse> {
  return apiRequest<TPauseResponse>('/account/pause/lift', { method: 'POST', body });
}

/** Both calls replace the stored user with the answer's (as a plan change does), so every page
 * sees the pause, or its new end, at once. `onAnswer` is told first, at the hook's level: the
 * new user unmounts the form that asked, and a `mutate(…, { onSuccess })` would be lost with it. */
function useStoreAnswer(onAnswer: (answer: TPauseResponse) => void) {
  const { token, setSession } = useSession();
  return (answer: TPauseResponse) => {
    onAnswer(answer);
    if (token) setSession(answer.user, token);
  };
}

export function usePauseAccount(onAnswer: (answer: TPauseResponse) => void) {
  const store = useStoreAnswer(onAnswer);
  return useMutation({ mutationFn: pauseAccount, onSuccess: store });
}

export function useLiftPause(onAnswer: (answer: TPauseResponse) => void) {
  const store = useStoreAnswer(onAnswer);
  return useMutation({ mutationFn: liftPause, onSuccess: store });
}
