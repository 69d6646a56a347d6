import { isValidElement, lazy, Suspense } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { RequireAuth, RequireGuest } from '../components/session/route-guards';
import { HomePage } from './home/home-page';
import { BareCrashScreen } from './bare-crash-screen';
import { lazyPage, type LazyPage } from './lazy-page';
import { RootLayout } from './layout/root-layout';
import { loadPanelHeader } from './layout/site-header';

// Rarely seen, so it is not in every visitor's first download (the landing's JavaScript has a
// 120 KB budget): it loads when a page crashes, and a bare stand-in covers a failed download.
const CrashScreen = lazy(() =>
  import('./crash-screen').then(
    (module) => ({ default: module.CrashScreen }),
    () => ({ default: BareCrashScreen }),
  ),
);

// The landing is the only page in the entry bundle; every other page is its own chunk so a
// visitor's first load carries no legal, panel or error-page code.
const DocsPage = lazyPage(() => import('../features/legal/docs-page'));
const PrivacyPage = lazyPage(() => import('../features/legal/privacy-page'));
const NotFoundPage = lazyPage(() => import('./not-found-page'));
const TipPage = lazyPage(() => import('../features/tips/tip-page'));
const TrackRecordPage = lazyPage(() => import('../features/track-record/track-record-page'));
const LedgerPage = lazyPage(() => import('../features/ledger/ledger-page'));
// Accounts: forms (and Zod) load only on their own pages.
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'));
const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/pages/forgot-password-page'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/reset-password-page'));
const VerifyEmailPage = lazyPage(() => import('../features/auth/pages/verify-email-page'));
const AuthCallbackPage = lazyPage(() => import('../features/auth/pages/auth-callback-page'));
// The site header's panel title and hamburger come with the panel (see site-header.tsx).
const PanelLayout = lazyPage(() =>
  Promise.all([import('../features/panel/panel-layout'), loadPanelHeader()]).then(([page]) => page),
);
const AccountPage = lazyPage(() => import('../features/account/account-page'));
const ReceiptPage = lazyPage(() => import('../features/account/receipt-page'));
// VIP_TIPS_PAGE_PATH of contracts/vip-tips (issue 31 item 5), for readers of every VIP tip.
const VipTipsPage = lazyPage(() => import('../features/vip-tips/vip-tips-page'));
const EditorPage = lazyPage(() => import('../features/editor/editor-page'));
const AdminPage = lazyPage(() => import('../features/admin/admin-page'));
const StripeVerificationPage = lazyPage(
  () => import('../features/stripe-verification/stripe-verification-page'),
);
// Payments: plan choice, purchase confirmation and the provider's return pages.
const SubscriptionPage = lazyPage(() => import('../features/subscription/subscription-page'));
const PurchasePage = lazyPage(() => import('../features/purchase/purchase-page'));
const GiftCheckoutPage = lazyPage(() => import('../features/gifts/gift-checkout-page'));
const PaymentSuccessPage = lazyPage(
  () => import('../features/payment-result/payment-success-page'),
);
const PaymentCancelPage = lazyPage(() => import('../features/payment-result/payment-cancel-page'));
// The unsubscribe link of alert e-mails (decision 0042).
const UnsubscribePage = lazyPage(() => import('../features/alerts/unsubscribe-page'));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: (
      <Suspense fallback={null}>
        <CrashScreen />
      </Suspense>
    ),
    children: [
      { index: true, element: <HomePage /> },
      { path: 'tip/:id', element: <TipPage /> },
      { path: 'historial', element: <TrackRecordPage /> },
      { path: 'historial/registro', element: <LedgerPage /> },
      { path: 'docs', element: <DocsPage /> },
      { path: 'privacidad', element: <PrivacyPage /> },
      { path: 'verify-email', element: <VerifyEmailPage /> },
      // Back from Google: public, as it must work whatever session the browser holds.
      { path: 'auth/callback', element: <AuthCallbackPage /> },
      // UNSUBSCRIBE_PATH of contracts/alerts, written out: importing it would bring that module's
      // Zod schemas into the landing's entry bundle (unsubscribe-page.test.tsx opens the page by
      // that constant, so the two cannot drift apart). Public: the e-mail's link must work
      // signed out.
      { path: 'avisos/baja', element: <UnsubscribePage /> },
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
              // receiptPagePath of contracts/receipts (issue 30 item 6).
              { path: 'recibo/:id', element: <ReceiptPage /> },
              { path: 'tips-vip', element: <VipTipsPage /> },
              { path: 'editor', element: <EditorPage /> },
              { path: 'admin', element: <AdminPage /> },
              { path: 'stripe-verification', element: <StripeVerificationPage /> },
            ],
          },
          { path: 'subscription', element: <SubscriptionPage /> },
          { path: 'purchase', element: <PurchasePage /> },
          // GIFT_CHECKOUT_PATH of contracts/gifts (kept out of the entry bundle, as above).
          { path: 'regalar', element: <GiftCheckoutPage /> },
          { path: 'payment/success', element: <PaymentSuccessPage /> },
          { path: 'payment/cancel', element: <PaymentCancelPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

function isLazyPage(type: unknown): type is LazyPage {
  return typeof type === 'object' && type !== null && 'preload' in type;
}

/** Downloads the lazy pages `pathname` shows (main.tsx awaits this before the first render). */
export function preloadPages(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(
    matches.map(({ route }) =>
      isValidElement(route.element) && isLazyPage(route.element.type)
        ? route.element.type.preload()
        : null,
    ),
  );
}
