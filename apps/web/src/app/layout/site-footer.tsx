import { helpResourceFor } from '@magotips/contracts/help-resources';
import { AGE_AND_RESPONSIBLE_PLAY } from '@magotips/contracts/responsible-play';
import { Link } from 'react-router';
import { HelpResourceLinks } from '../../components/ui/help-resource';
import { useReaderCountry } from '../../lib/reader-zone';
import { SocialLinks } from '../../components/ui/social-links';
import { WizardMark } from '../../components/ui/wizard-mark';
import './site-footer.css';

const LEGAL_LINKS = [
  { to: '/docs#privacidad', label: 'Política de Privacidad' },
  { to: '/docs#terminos', label: 'Términos y Condiciones' },
  { to: '/docs#disclaimer', label: 'Aviso Legal' },
  { to: '/docs#creditos', label: 'Créditos' },
] as const;

const FIRST_YEAR = 2025;

/** SPEC.md's copyright year is the brand's first, 2025; the line runs to the current year
 * (issue 13 item 17, decision 0036). */
export function copyrightLine(now: Date): string {
  const year = now.getFullYear();
  return year > FIRST_YEAR ? `© ${FIRST_YEAR}–${year} MagoTips` : `© ${FIRST_YEAR} MagoTips`;
}
/** The responsible-play line and the help of the reader's country (issue 32 item 2, decision
 * 0115): the account's country, or the one the browser's zone suggests for a visitor. */
export function SiteFooter() {
  const country = useReaderCountry();
  return (
    <footer className="site-footer">
      <div className="site-footer__grid container">
        <div className="site-footer__brand">
          <p className="site-footer__name">
            <WizardMark size={36} />
            MagoTips
          </p>
          <p className="site-footer__blurb">
            Análisis deportivos en español que nacieron como un hobby: datos, contexto y la opinión
            honesta de nuestro mago, partido a partido.
          </p>
          <p className="site-footer__record">
            <Link to="/historial">Historial</Link>: cada tip resuelto, con su cuota y su resultado.
          </p>
        </div>
        <nav className="site-footer__legal" aria-label="Documentos legales">
          <h2 className="site-footer__heading">Legal</h2>
          <ul>
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__social">
          <h2 className="site-footer__heading">Síguenos</h2>
          <SocialLinks variant="icons" />
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="site-footer__bottom-inner container">
          <div className="site-footer__play">
            <p className="site-footer__age">
              <strong>{AGE_AND_RESPONSIBLE_PLAY}</strong>
            </p>
            <p className="site-footer__help">
              Ayuda: <HelpResourceLinks resource={helpResourceFor(country)} />
            </p>
          </div>
          <p className="site-footer__copy">{copyrightLine(new Date())}</p>
        </div>
      </div>
    </footer>
  );
}
