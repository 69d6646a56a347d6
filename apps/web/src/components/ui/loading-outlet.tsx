import { Suspense } from 'react';
import { Outlet } from 'react-router';

/** The nested page, with "Cargando..." while its lazy chunk arrives (root and panel layouts). */
export function LoadingOutlet() {
  return (
    <Suspense
      fallback={
        <p className="page-loading" role="status">
          Cargando...
        </p>
      }
    >
      <Outlet />
    </Suspense>
  );
}
