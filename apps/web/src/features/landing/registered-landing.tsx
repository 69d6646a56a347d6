import { useSession } from '../auth/session-context';
import { PacksSection } from '../packs/components/packs-section';
import { FaqSection } from './components/faq-section';
import { GlobalBannerSlot } from './components/global-banner-slot';
import { RegisteredFreeTipSection } from './components/registered-free-tip-section';
import { SocialSection } from './components/social-section';
import { TestimonialsSection } from './components/testimonials-section';
import { VideosSection } from './components/videos-section';
import './landing-page.css';

/** The landing for a signed-in user (SPEC.md §2): no hero; packs and tips take its place. */
export default function RegisteredLanding() {
  const { user } = useSession();
  const isSubscriber = user?.subscription?.hasActiveSubscription === true;
  const name = user?.firstName?.trim();
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
      </header>
      <SocialSection />
      <GlobalBannerSlot />
      {isSubscriber ? null : <RegisteredFreeTipSection />}
      <PacksSection />
      <TestimonialsSection />
      <VideosSection />
      <FaqSection />
    </div>
  );
}
