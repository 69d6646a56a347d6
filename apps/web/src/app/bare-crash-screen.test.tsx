import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BareCrashScreen } from './bare-crash-screen';

describe('BareCrashScreen', () => {
  it('still offers a reload when the crash screen itself cannot be downloaded', () => {
    render(<BareCrashScreen />);

    expect(screen.getByRole('heading', { level: 1, name: 'Algo salió mal' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Recargar página' })).toHaveAttribute(
      'href',
      window.location.href,
    );
  });
});
