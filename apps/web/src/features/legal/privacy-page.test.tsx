import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import DocsPage from './docs-page';
import PrivacyPage from './privacy-page';

function renderAt(entry: string, page: ReactNode) {
  return render(<MemoryRouter initialEntries={[entry]}>{page}</MemoryRouter>);
}

describe('PrivacyPage', () => {
  it('shows the privacy policy as the page title', () => {
    renderAt('/privacidad', <PrivacyPage />);

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Política de Privacidad' })).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 2, name: /Responsable del tratamiento/ }),
    ).toBeVisible();
  });

  it('shows the last-updated date', () => {
    renderAt('/privacidad', <PrivacyPage />);

    const line = screen.getByText(
      (_content, element) =>
        element?.tagName === 'P' &&
        element.textContent === 'Última actualización: 9 de agosto de 2025',
    );
    expect(within(line).getByText('9 de agosto de 2025')).toHaveAttribute('datetime', '2025-08-09');
  });

  it('gives the privacy contact address as a mail link', () => {
    renderAt('/privacidad', <PrivacyPage />);

    const links = screen.getAllByRole('link', { name: 'privacidad@magotips.com' });
    expect(links[0]).toHaveAttribute('href', 'mailto:privacidad@magotips.com');
  });

  it('links to the other legal documents', () => {
    renderAt('/privacidad', <PrivacyPage />);

    const related = screen.getByRole('navigation', { name: 'Otros documentos legales' });
    expect(within(related).getByRole('link', { name: 'Términos y Condiciones' })).toHaveAttribute(
      'href',
      '/docs#terminos',
    );
  });

  it('renders the same policy as the privacy tab of /docs', () => {
    const page = renderAt('/privacidad', <PrivacyPage />);
    const pageSections = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent)
      .filter((text) => text !== 'Otros documentos legales');
    page.unmount();

    renderAt('/docs#privacidad', <DocsPage />);
    const tabSections = within(screen.getByRole('tabpanel'))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);

    expect(pageSections.length).toBeGreaterThan(5);
    expect(tabSections).toEqual(pageSections);
  });
});
