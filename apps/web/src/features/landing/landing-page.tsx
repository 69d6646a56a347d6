import { SocialLinks } from '../../components/ui/social-links';
import { BenefitsSection } from './components/benefits-section';
import { FaqSection } from './components/faq-section';
import { FreeTipSection } from './components/free-tip-section';
import { HeroSection } from './components/hero-section';
import { TestimonialsSection } from './components/testimonials-section';
import { VideosSection } from './components/videos-section';
import './landing-page.css';

/** The visitor landing (SPEC.md §2). Signed-in users see it too until the registered landing. */
export function LandingPage() {
  return (
    <div className="landing">
      <title>MagoTips · El mago de los pronósticos deportivos</title>
      <HeroSection />
      <section className="landing-section container" aria-labelledby="social-title">
        <h2 id="social-title" className="section-title">
          Síguenos en redes
        </h2>
        <p className="section-lead">
          Vídeos, directos, avisos al momento y soporte técnico: elige dónde encontrarnos.
        </p>
        <SocialLinks variant="cards" />
      </section>
      <FreeTipSection />
      <BenefitsSection />
      <TestimonialsSection />
      <VideosSection />
      <FaqSection />
    </div>
  );
}
