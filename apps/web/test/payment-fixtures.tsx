// Test support (imported by *.test.tsx only, so never bundled): a signed-in app opened at a
// payment page, with navigation state, and the pack and plan the pages are given.
import type { TAvailablePack } from '@magotips/contracts/packs';
import type { TPlan } from '@magotips/contracts/subscription-plans';
import type { TUser } from '@magotips/contracts/users';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { dismissNotices, storeSession } from './utils';
import { AppProviders } from '../src/app/providers';
import { routes as appRoutes } from '../src/app/routes';
import { authAnswer, makeUser, stubApi, type ApiHandler } from './api-double';
import { preloadLanding } from './preload-pages';

preloadLanding();

export const PACK_ID = '3f0c9a4e-5b7d-4c1a-9e2f-6a8b0c1d2e3f';
export const TRANSACTION_ID = '9b2e4c6d-8f0a-4b1c-9d3e-5f7a9b1c3d5e';
export const OTHER_TRANSACTION_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

export function makePack(patch: Partial<TAvailablePack> = {}): TAvailablePack {
  return {
    _id: PACK_ID,
    nombre: 'Pack Fin de Semana Europeo',
    descripcion: 'Los partidos clave del fin de semana europeo.',
    precio: 19.99,
    isPurchased: false,
    packStatus: 'available',
    transactionInfo: null,
    partidos: [
      {
        tipId: '2c3d4e5f-0000-4000-8000-000000000001',
        nombre: 'Atlético vs. Betis',
        fecha: '2030-03-09T20:00:00.000Z',
        icon: 'football',
        status: 'pendiente',
      },
      {
        tipId: '2c3d4e5f-0000-4000-8000-000000000002',
        nombre: 'Arsenal vs. Chelsea',
        fecha: '2030-03-10T15:30:00.000Z',
        icon: 'football',
        status: 'en_progreso',
      },
      {
        tipId: '2c3d4e5f-0000-4000-8000-000000000003',
        nombre: 'Alcaraz vs. Sinner',
        fecha: '2030-03-10T18:00:00.000Z',
        icon: 'tennis',
        status: 'terminado',
      },
      {
        tipId: '2c3d4e5f-0000-4000-8000-000000000004',
        nombre: 'Oilers vs. Flames',
        fecha: '2030-03-11T02:00:00.000Z',
        icon: 'hockey',
        status: 'pendiente',
      },
      {
        tipId: '2c3d4e5f-0000-4000-8000-000000000005',
        nombre: 'Bulls vs. Knicks',
        fecha: '2030-03-11T01:00:00.000Z',
        icon: 'basketball',
        status: 'pendiente',
      },
    ],
    ...patch,
  };
}

export function makePlan(patch: Partial<TPlan> = {}): TPlan {
  return {
    _id: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
    name: 'Plan Premium',
    key: 'premium',
    price: 19.99,
    duration: 1,
    features: ['Todos los tips VIP sin límite', 'Soporte personalizado por WhatsApp'],
    isActive: true,
    grantsAllVipTips: true,
    includesPacks: true,
    trialDays: 0,
    yearlyPrice: null,
    ...patch,
  };
}

type Entry = string | { pathname: string; search?: string; state?: unknown };

type OpenOptions = {
  user?: TUser;
  api?: Record<string, ApiHandler>;
  /** Replaces the app's routes (e.g. a page with shorter polling). */
  routes?: RouteObject[];
};

/** The real app, signed in, opened at `entry`; the start-up check answers with `user`. */
export function openSignedIn(
  entry: Entry,
  { user = makeUser(), api = {}, routes }: OpenOptions = {},
) {
  dismissNotices();
  storeSession(user, 'session-token');
  const fake = stubApi({ 'POST /auth/me_verify': () => authAnswer(user, 'session-token'), ...api });
  const router = createMemoryRouter(routes ?? appRoutes, { initialEntries: [entry] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, api: fake, queryClient, user: userEvent.setup() };
}

export const heading1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
