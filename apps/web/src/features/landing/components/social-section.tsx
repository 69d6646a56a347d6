import { SocialLinks } from '../../../components/ui/social-links';

/** "Síguenos en redes": the four channels, on both the visitor and the registered landing. */
export function SocialSection() {
  return (
    <section className="landing-section container" aria-labelledby="social-title">
      <h2 id="social-title" className="section-title">
        Síguenos en redes
      </h2>
      <p className="section-lead">
        Vídeos, directos, avisos al momento y soporte técnico: elige dónde encontrarnos.
      </p>
      <SocialLinks variant="cards" />
    </section>
  );
}
