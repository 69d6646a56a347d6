import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useSession } from '../../lib/session/session-context';
import { activeMessagesQueryOptions } from '../../lib/api/get-active-messages';
import { LandingPage } from '../../features/landing/landing-page';
import { LandingLoading } from '../../features/landing/landing-loading';

// A visitor's first load must not carry the packs section and its dependencies.
const RegisteredLanding = lazy(() => import('./registered-landing'));

/** "/": the visitor landing, or the registered landing once signed in (SPEC.md §2). */
export function HomePage() {
  const { isAuthenticated, status } = useSession();
  const queryClient = useQueryClient();
  // The registered landing opens with the global banner: its messages travel alongside the
  // page's code (and the session check) instead of after them.
  useEffect(() => {
    if (isAuthenticated) void queryClient.prefetchQuery(activeMessagesQueryOptions());
  }, [isAuthenticated, queryClient]);

  if (!isAuthenticated) return <LandingPage />;
  // A session found in storage is confirmed first: the registered landing's calls made with a
  // token that turns out to be over would end in a 401 and a bounce to /login.
  if (status === 'checking') return <LandingLoading />;
  return (
    <Suspense fallback={<LandingLoading />}>
      <RegisteredLanding />
    </Suspense>
  );
}
