import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from './session-context';

/** Ends the session in this browser and returns to / (SPEC.md §2, §4). The token is a short
 * stateless JWT: forgetting it (and stopping its renewal) is the whole of signing out. */
export function useLogout(): () => void {
  const { signOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    // Nothing the ended session fetched may show to whoever uses this browser next.
    queryClient.clear();
    void navigate('/');
  }, [signOut, queryClient, navigate]);
}
