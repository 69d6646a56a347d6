import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth, RequireGuest } from '../features/auth/route-guards';
import { HomePage } from '../features/landing/home-page';
import { CrashScreen } from './crash-screen';
import { RootLayout } from './layout/root-layout';

// The landing is the only page in the entry bundle; every other page is its own chunk so a
// visitor's first load carries no legal, panel or error-page code.
const DocsPage = lazy(() => import('../features/legal/docs-page'));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));
const TipPage = lazy(() => import('../features/tips/tip-page'));
// Accounts: forms (and Zod) load only on their own pages.
const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const RegisterPage = lazy(() => import('../features/auth/pages/register-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page'));
const VerifyEmailPage = lazy(() => import('../features/auth/pages/verify-email-page'));
const AuthCallbackPage = lazy(() => import('../features/auth/pages/auth-callback-page'));
const PanelLayout = lazy(() => import('../features/panel/panel-layout'));
const AccountPage = lazy(() => import('../features/account/account-page'));
const EditorPage = lazy(() => import('../features/editor/editor-page'));
const AdminPage = lazy(() => import('../features/admin/admin-page'));
const StripeVerificationPage = lazy(() => import('../features/stripe-verification/stripe-verification-page'));
// Payments: plan choice, purchase confirmation and the provider's return pages.
const SubscriptionPage = lazy(() => import('../features/subscription/subscription-page'));
const PurchasePage = lazy(() => import('../features/purchase/purchase-page'));
const PaymentSuccessPage = lazy(() => import('../features/payment-result/payment-success-page'));
const PaymentCancelPage = lazy(() => import('../features/payment-result/payment-cancel-page'));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <CrashScreen />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'tip/:id', element: <TipPage /> },
      { path: 'docs', element: <DocsPage /> },
      { path: 'privacidad', element: <PrivacyPage /> },
      { path: 'verify-email', element: <VerifyEmailPage /> },
      // Back from Google: public, as it must work whatever session the browser holds.
      { path: 'auth/callback', element: <AuthCallbackPage /> },
      // Signed-in users are sent to /panel.
      {
        element: <RequireGuest />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
        ],
      },
      // Visitors are sent to /login. /subscription, /purchase and /payment/* belong here too.
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'panel',
            element: <PanelLayout />,
            children: [
              { index: true, element: <Navigate to="cuenta" replace /> },
              { path: 'cuenta', element: <AccountPage /> },
              { path: 'editor', element: <EditorPage /> },
              { path: 'admin', element: <AdminPage /> },
              { path: 'stripe-verification', element: <StripeVerificationPage /> },
            ],
          },
          { path: 'subscription', element: <SubscriptionPage /> },
          { path: 'purchase', element: <PurchasePage /> },
          { path: 'payment/success', element: <PaymentSuccessPage /> },
          { path: 'payment/cancel', element: <PaymentCancelPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
