import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { dismissNotices, renderRoutes } from '../../../test/utils';
import { routes } from '../routes';
import { preloadPages } from '../../../test/preload-pages';

const at = '2026-06-01T12:00:00.000Z';
const CRITICAL = {
  id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  text: 'Mantenimiento esta noche',
  type: 'critical',
  active: true,
  createdAt: at,
  updatedAt: at,
  endsAt: null,
};

preloadPages(
  () => import('../../features/auth/pages/login-page'),
  () => import('../../features/track-record/track-record-page'),
  () => import('../not-found-page'),
);

// Issue 29 item 15d: the banner showed only on the signed-in landing; the admin form says an
// active message "se muestra en cuanto se crea", to everyone.
describe('the global banner in the layout', () => {
  it.each(['/', '/login', '/historial', '/esto/no/existe'])(
    'shows a visitor the active messages on %s, inside <main>',
    async (path) => {
      dismissNotices();
      fakeApi({
        'GET /messages': { body: { success: true, messages: [CRITICAL] } },
        'GET /tips/preview': { body: { success: true, tips: [] } },
      });
      renderRoutes(routes, path);
      const text = await screen.findByText('Mantenimiento esta noche');
      const alert = text.closest('[role="alert"]');
      expect(alert).toHaveClass('global-banner__item--critical');
      expect(within(screen.getByRole('main')).getAllByRole('alert')).toContain(alert);
    },
  );
});
