import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { LandingPage } from '../features/landing/landing-page';
import { CrashScreen } from './crash-screen';
import { RootLayout } from './layout/root-layout';

// The landing is the only page in the entry bundle; every other page is its own chunk so a
// visitor's first load carries no legal, panel or error-page code.
const DocsPage = lazy(() => import('../features/legal/docs-page'));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <CrashScreen />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'docs', element: <DocsPage /> },
      { path: 'privacidad', element: <PrivacyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
