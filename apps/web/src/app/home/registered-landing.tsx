import { useSession } from '../../lib/session/session-context';
import { useActiveMessages } from '../../lib/api/get-active-messages';
import { PacksSection } from '../../features/packs/components/packs-section';
import { FaqSection } from '../../features/landing/components/faq-section';
import { RecordHeadline } from '../../features/landing/components/record-headline';
import { RegisteredFreeTipSection } from '../../features/landing/components/registered-free-tip-section';
import { SocialSection } from '../../features/landing/components/social-section';
import { TestimonialsSection } from '../../features/landing/components/testimonials-section';
import { VideosSection } from '../../features/landing/components/videos-section';
import { LandingLoading } from '../../features/landing/landing-loading';
import '../../features/landing/landing-page.css';
import '../../features/landing/landing-welcome-plans.css';

/**
 * The landing for a signed-in user (SPEC.md §2), phone first (decision 0033): under the
 * layout's global banner, so a critical message is on the first screen, the greeting, the packs
 * and tips; then the rest. No hero, no free card for subscribers, and no "vídeos muy pronto" placeholder
 * in a subscriber's feed.
 */
export default function RegisteredLanding() {
  const { user } = useSession();
  const messages = useActiveMessages();
  const isSubscriber = user?.subscription?.hasActiveSubscription === true;
  const name = user?.firstName?.trim();

  // The banner (the layout's, decision 0087) heads the page: drawn before its first answer, its
  // arrival would push everything down. The home page asked for it with the page's code, so this wait is rarely seen. Only the
  // very first attempt holds the page: a failure lets it through (retries happen behind it, and a
  // banner never shows an error), and nothing later (a refetch) takes the page away again.
  if (!messages.isFetched && messages.failureCount === 0) return <LandingLoading />;

  return (
    <div className="landing registered-landing">
      <title>MagoTips · El mago de los pronósticos deportivos</title>
      <header className="welcome container">
        <p className="hero__kicker">MagoTips</p>
        <h1 className="welcome__title">{name ? `Hola, ${name}` : 'Hola de nuevo'}</h1>
        <p className="welcome__lead">
          {isSubscriber
            ? 'Tu suscripción VIP está activa: todos los análisis, gratis y VIP, te esperan.'
            : 'Tus análisis gratis del día, los packs de tips VIP y todo lo nuevo de MagoTips.'}
        </p>
        <RecordHeadline />
      </header>
      <PacksSection />
      {isSubscriber ? null : <RegisteredFreeTipSection />}
      <SocialSection />
      <TestimonialsSection />
      {isSubscriber ? null : <VideosSection />}
      <FaqSection />
    </div>
  );
}
