import { BenefitsSection } from './components/benefits-section';
import { FaqSection } from './components/faq-section';
import { FreeTipSection } from './components/free-tip-section';
import { HeroSection } from './components/hero-section';
import { PlansSection } from './components/plans-section';
import { SocialSection } from './components/social-section';
import { TestimonialsSection } from './components/testimonials-section';
import { VideosSection } from './components/videos-section';
import './landing-page.css';
import './landing-welcome-plans.css';

/** The visitor landing (SPEC.md §2); signed-in users get the registered landing (home-page.tsx). */
export function LandingPage() {
  return (
    <div className="landing">
      <title>MagoTips · El mago de los pronósticos deportivos</title>
      <HeroSection />
      <SocialSection />
      <FreeTipSection />
      <BenefitsSection />
      <PlansSection />
      <TestimonialsSection />
      <VideosSection />
      <FaqSection />
    </div>
  );
}
