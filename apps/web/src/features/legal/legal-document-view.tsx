import { LEGAL_LAST_UPDATED, type LegalDocument } from './legal-document';
import './legal.css';

// Midnight UTC plus a UTC formatter: the label must read 9 de agosto whatever the visitor's
// time zone (a local-midnight date would show the 8th west of Greenwich).
const lastUpdatedLabel = new Intl.DateTimeFormat('es', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
}).format(new Date(`${LEGAL_LAST_UPDATED}T00:00:00Z`));

interface LegalDocumentViewProps {
  doc: LegalDocument;
  /**
   * 1 when the document is the whole page (/privacidad), 2 when it sits under the /docs
   * page title; section headings follow one level below so the outline never skips a level.
   */
  titleLevel: 1 | 2;
}

export function LegalDocumentView({ doc, titleLevel }: LegalDocumentViewProps) {
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  const SectionHeading = titleLevel === 1 ? 'h2' : 'h3';
  const titleId = `legal-${doc.id}-title`;

  return (
    <article className="legal-document" aria-labelledby={titleId}>
      <header className="legal-document__header">
        <Title id={titleId} className="legal-document__title">
          {doc.title}
        </Title>
        <p className="legal-document__updated">
          Última actualización: <time dateTime={LEGAL_LAST_UPDATED}>{lastUpdatedLabel}</time>
        </p>
      </header>
      <div className="legal-document__intro">{doc.intro}</div>
      {doc.sections.map((section, index) => (
        <section key={section.heading} className="legal-document__section">
          <SectionHeading className="legal-document__section-title">
            {doc.numbered ? `${index + 1}. ${section.heading}` : section.heading}
          </SectionHeading>
          {section.body}
        </section>
      ))}
    </article>
  );
}
