import type { ReactNode } from 'react';

/** The hash anchors of /docs (SPEC.md section 2); each names one legal document. */
export type LegalDocumentId = 'privacidad' | 'terminos' | 'disclaimer' | 'creditos';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

export interface LegalDocument {
  id: LegalDocumentId;
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  /** Clauses are cited by number ("según la cláusula 7"); the credits page has none. */
  numbered: boolean;
}

// SPEC.md sections 1 and 9: every legal document shows this date. Kept as ISO so the
// <time> element carries a machine-readable value and the label is formatted with Intl.
export const LEGAL_LAST_UPDATED = '2025-08-09';

// The only address SPEC/brief give for legal and privacy matters.
export const LEGAL_CONTACT_EMAIL = 'privacidad@magotips.com';
