import { useSession } from '../../lib/session/session-context';
import { AlertsCard } from './components/alerts-card';
import { ChangePasswordForm } from './components/change-password-form';
import { DeleteAccountForm } from './components/delete-account-form';
import { GiftCodeCard } from './components/gift-code-card';
import { PauseCard } from './components/pause-card';
import { PaymentHistoryCard } from './components/payment-history-card';
import { PreferencesCard } from './components/preferences-card';
import { ProfileCard } from './components/profile-card';
import { PurchasedPacks } from './components/purchased-packs';
import { ReferralCard } from './components/referral-card';
import { SessionsCard } from './components/sessions-card';
import { SpendLimitCard } from './components/spend-limit-card';
import { SubscriptionSummary } from './components/subscription-summary';
import { TaxIdCard } from './components/tax-id-card';
import { TelegramCard } from './components/telegram-card';
import '../../lib/spanish-zod';
import '../../components/form/form.css';
import './account.css';
import './account-sessions-alerts.css';
import './receipts.css';

/** /panel/cuenta (SPEC.md §2): profile, subscription, purchased packs and account settings. The
 * user comes from the session, which the start-up check and every renewal refresh from the server. */
export default function AccountPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="account">
      <title>Mi Cuenta · MagoTips</title>
      <h1 className="panel-page__title">Mi Cuenta</h1>
      <p className="panel-page__lead">
        Tus datos, tu suscripción, tus packs, tus avisos y la seguridad de tu cuenta.
      </p>
      <div className="account__grid">
        <ProfileCard user={user} />
        <PreferencesCard user={user} />
        <SubscriptionSummary user={user} />
        <PurchasedPacks />
        <GiftCodeCard />
        <ReferralCard />
        <PaymentHistoryCard />
      </div>
      <h2 className="account__section-title">Configuración de la cuenta</h2>
      <div className="account__grid">
        <AlertsCard />
        <TelegramCard />
        <TaxIdCard />
        <SpendLimitCard />
        <ChangePasswordForm />
        <SessionsCard />
        <PauseCard user={user} />
        <DeleteAccountForm />
      </div>
    </div>
  );
}
