import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import DocsPage from './docs-page';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.hash}`}</output>;
}

function renderDocsAt(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <DocsPage />
      <LocationProbe />
    </MemoryRouter>,
  );
}

// Hidden panels are left out of the accessibility tree, so this is the one the user sees.
function visiblePanel() {
  return screen.getByRole('tabpanel');
}

function expectShowing(title: string) {
  expect(screen.getByRole('tab', { name: title })).toHaveAttribute('aria-selected', 'true');
  expect(within(visiblePanel()).getByRole('heading', { level: 2, name: title })).toBeVisible();
}

const isLastUpdatedLine = (_content: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === 'Última actualización: 9 de agosto de 2025';

describe('DocsPage', () => {
  it('shows the terms at /docs#terminos', () => {
    renderDocsAt('/docs#terminos');

    expectShowing('Términos y Condiciones');
    expect(visiblePanel()).toHaveTextContent(/se renueva automáticamente cada mes/);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });

  it.each([
    ['#privacidad', 'Política de Privacidad'],
    ['#terminos', 'Términos y Condiciones'],
    ['#disclaimer', 'Aviso Legal'],
    ['#creditos', 'Créditos'],
  ])('opens the tab named by %s', (hash, title) => {
    renderDocsAt(`/docs${hash}`);

    expectShowing(title);
  });

  it.each(['/docs', '/docs#nada', '/docs#'])('falls back to privacy at %s', (entry) => {
    renderDocsAt(entry);

    expectShowing('Política de Privacidad');
  });

  it('shows the last-updated date in the visible document', () => {
    renderDocsAt('/docs#disclaimer');

    expect(within(visiblePanel()).getByText(isLastUpdatedLine)).toBeVisible();
  });

  it('has one h1 and document titles one level below it', () => {
    renderDocsAt('/docs');

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Documentos legales');
    expect(within(visiblePanel()).getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(3);
  });

  it('changes the hash and the panel when a tab is clicked', async () => {
    const user = userEvent.setup();
    renderDocsAt('/docs');

    await user.click(screen.getByRole('tab', { name: 'Aviso Legal' }));

    expect(screen.getByTestId('location')).toHaveTextContent('/docs#disclaimer');
    expectShowing('Aviso Legal');
    expect(screen.getByRole('tab', { name: 'Política de Privacidad' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    expect(visiblePanel()).toHaveTextContent(/Jugadores Anónimos/);
  });

  it('follows the hash when the visitor goes back and forward', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter([{ path: '/docs', element: <DocsPage /> }], {
      initialEntries: ['/docs'],
    });
    render(<RouterProvider router={router} />);

    await user.click(screen.getByRole('tab', { name: 'Créditos' }));
    expectShowing('Créditos');

    await act(() => router.navigate(-1));
    expectShowing('Política de Privacidad');

    await act(() => router.navigate(1));
    expectShowing('Créditos');
  });

  it('switches tabs when a link inside a document points at another hash', async () => {
    const user = userEvent.setup();
    renderDocsAt('/docs#terminos');

    await user.click(within(visiblePanel()).getAllByRole('link', { name: 'Aviso Legal' })[0]!);

    expect(screen.getByTestId('location')).toHaveTextContent('/docs#disclaimer');
    expectShowing('Aviso Legal');
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    renderDocsAt('/docs');

    await user.tab();
    expect(screen.getByRole('tab', { name: 'Política de Privacidad' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Términos y Condiciones' })).toHaveFocus();
    expectShowing('Términos y Condiciones');
    expect(screen.getByTestId('location')).toHaveTextContent('/docs#terminos');

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Créditos' })).toHaveFocus();
    expectShowing('Créditos');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Política de Privacidad' })).toHaveFocus();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Créditos' })).toHaveFocus();

    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Política de Privacidad' })).toHaveFocus();
    expectShowing('Política de Privacidad');
  });

  it('wires each tab to its panel and keeps only the active tab in the Tab order', () => {
    renderDocsAt('/docs#creditos');

    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(4);
    for (const tab of tabs) {
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(panel).toHaveAttribute('aria-labelledby', tab.id);
      expect(tab).toHaveAttribute(
        'tabindex',
        tab.getAttribute('aria-selected') === 'true' ? '0' : '-1',
      );
    }
    expect(screen.getByRole('tablist')).toHaveAccessibleName('Documentos legales');
  });

  it('names the browser tab after the open document', () => {
    renderDocsAt('/docs#terminos');

    expect(document.title).toBe('Términos y Condiciones · MagoTips');
  });
});
