import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { creditsDocument } from './credits-content';
import { disclaimerDocument } from './disclaimer-content';
import { docsTabFromHash } from './docs-tabs';
import type { LegalDocument } from './legal-document';
import { LegalDocumentView } from './legal-document-view';
import { privacyDocument } from './privacy-content';
import { termsDocument } from './terms-content';

function textOf(doc: LegalDocument): string {
  const { container } = render(
    <MemoryRouter>
      <LegalDocumentView doc={doc} titleLevel={1} />
    </MemoryRouter>,
  );
  return (container.textContent ?? '').replace(/\s+/g, ' ');
}

// The commitments SPEC.md and the product brief require the legal texts to state; a rewrite
// that drops one of them should fail here rather than reach production unnoticed.
describe('legal texts', () => {
  it('terms state renewal, cancellation, refunds, sharing, age, prices and payments', () => {
    const text = textOf(termsDocument);

    expect(text).toMatch(/se renueva automáticamente cada mes/);
    expect(text).toMatch(/cancelar la renovación en cualquier momento/);
    expect(text).toMatch(/Panel › Mi Cuenta/);
    expect(text).toMatch(/al final del periodo ya pagado/);
    expect(text).toMatch(/no se realizan reembolsos por servicios ya utilizados/);
    expect(text).toMatch(/prohibido compartir, revender o publicar el contenido premium/);
    expect(text).toMatch(/cierre de la cuenta/);
    expect(text).toMatch(/21 años o más/);
    expect(text).toMatch(/fecha de nacimiento de tu cuenta de Google/);
    expect(text).toMatch(/nunca son una garantía de ganancias/);
    expect(text).toMatch(/no aceptamos apuestas/);
    expect(text).toMatch(/dólares estadounidenses \(USD\)/);
    expect(text).toMatch(/Stripe/);
    expect(text).toMatch(/nunca almacena ni conoce el número completo de tu tarjeta/);
    expect(text).toMatch(/da acceso a los tips VIP que contiene/);
  });

  it('privacy names the controller, data, retention, processors, rights and storage', () => {
    const text = textOf(privacyDocument);

    expect(text).toMatch(/responsable del tratamiento de tus datos personales es MagoTips/);
    for (const datum of [
      'nombre',
      'apellidos',
      'correo',
      'fecha de nacimiento',
      'Historial de compras',
      'Registros técnicos',
    ]) {
      expect(text).toContain(datum);
    }
    expect(text).toMatch(/Teléfono: es opcional/);
    expect(text).toMatch(/Base legal/);
    expect(text).toMatch(/registros de pagos se conservan anonimizados/);
    for (const processor of ['Stripe', 'Google', 'proveedor de correo electrónico']) {
      expect(text).toContain(processor);
    }
    for (const right of ['Acceso', 'Rectificación', 'Supresión', 'Oposición', 'Portabilidad']) {
      expect(text).toContain(`${right}:`);
    }
    expect(text).toMatch(
      /eliminar tu cuenta desde Panel › Mi Cuenta; al hacerlo se borran tus datos/,
    );
    expect(text).toContain('privacidad@magotips.com');
    expect(text).toMatch(/Token de sesión/);
    expect(text).toMatch(/Aceptación del aviso legal/);
    expect(text).toMatch(/Aviso de cookies/);
    expect(text).toMatch(/No usamos cookies de analítica, de publicidad/);
  });

  it('the disclaimer covers age, no guarantee, no bets and responsible play', () => {
    const text = textOf(disclaimerDocument);

    expect(text).toMatch(/21 años o más/);
    expect(text).toMatch(/Ningún tip garantiza ganancias/);
    expect(text).toMatch(/no aceptamos apuestas/);
    expect(text).toMatch(/Fija de antemano un límite/);
    expect(text).toMatch(/Nunca apuestes dinero que no puedas permitirte perder/);
    expect(text).toMatch(/Jugadores Anónimos/);
    expect(text).toMatch(/Autoexclusión/);
  });

  it('credits name the team, the open-source software and the icons', () => {
    const text = textOf(creditsDocument);

    expect(text).toMatch(/El equipo/);
    for (const project of ['React', 'Fastify', 'PostgreSQL']) {
      expect(text).toContain(project);
    }
    expect(text).toMatch(/emojis/);
  });

  it.each([privacyDocument, termsDocument, disclaimerDocument, creditsDocument])(
    '$title shows the last-updated date and no placeholder text',
    (doc) => {
      const text = textOf(doc);

      expect(text).toContain('Última actualización: 9 de agosto de 2025');
      expect(text).not.toMatch(/lorem|ipsum/i);
      // Case-sensitive: Spanish 'todo' is a word, an upper-case TODO or [bracket] is a gap.
      expect(text).not.toMatch(/TODO|XXX|\[/);
    },
  );

  it('maps hashes to documents, falling back to privacy', () => {
    expect(docsTabFromHash('#terminos')).toBe(termsDocument);
    expect(docsTabFromHash('#Creditos')).toBe(creditsDocument);
    expect(docsTabFromHash('#disclaimer')).toBe(disclaimerDocument);
    expect(docsTabFromHash('#nada')).toBe(privacyDocument);
    expect(docsTabFromHash('')).toBe(privacyDocument);
  });
});
