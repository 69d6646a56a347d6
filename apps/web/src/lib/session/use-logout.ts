import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logoutOnServer } from './api/logout';
import { useSession } from './session-context';

/** Ends the session and returns to / (SPEC.md §2, §4): first on the server (the request takes
 * the stored token with it as it starts), then in this browser, without waiting for the answer:
 * signing out must work offline too. */
export function useLogout(): () => void {
  const { signOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    void logoutOnServer();
    signOut();
    // Nothing the ended session fetched may show to whoever uses this browser next.
    queryClient.clear();
    void navigate('/');
  }, [signOut, queryClient, navigate]);
}
