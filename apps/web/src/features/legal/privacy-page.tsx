import { Link } from 'react-router';
import { LegalDocumentView } from './legal-document-view';
import { privacyDocument } from './privacy-content';
import './legal.css';

export default function PrivacyPage() {
  return (
    <section className="legal">
      <title>{`${privacyDocument.title} · MagoTips`}</title>
      <div className="legal__card">
        <LegalDocumentView doc={privacyDocument} titleLevel={1} />
        <nav className="legal__related" aria-labelledby="legal-related-title">
          <h2 id="legal-related-title" className="legal__related-title">
            Otros documentos legales
          </h2>
          <ul>
            <li>
              <Link to="/docs#terminos">Términos y Condiciones</Link>
            </li>
            <li>
              <Link to="/docs#disclaimer">Aviso Legal</Link>
            </li>
            <li>
              <Link to="/docs#creditos">Créditos</Link>
            </li>
          </ul>
        </nav>
      </div>
    </section>
  );
}
