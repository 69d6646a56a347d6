import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HelpResourceList } from './help-resource-list';

describe('HelpResourceList (decision 0115)', () => {
  it("lists each country's help once, the generic one last as 'Otros países'", () => {
    render(<HelpResourceList />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.split(':')[0])).toEqual([
      'España',
      'México',
      'Colombia',
      'Argentina',
      'Estados Unidos',
      'Otros países',
    ]);
    expect(
      within(items[0]!).getByRole('link', { name: 'RGIAJ, registro de autoprohibición' }),
    ).toHaveAttribute('target', '_blank');
    expect(within(items[1]!).getByRole('link', { name: '800 911 2000' })).toHaveAttribute(
      'href',
      'tel:8009112000',
    );
    expect(items[5]).toHaveTextContent('Gambling Therapy (ayuda en español)');
  });
});
