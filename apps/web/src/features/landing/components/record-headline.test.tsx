import { PAST_RESULTS_NOTICE } from '@magotips/contracts/responsible-play';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../../../test/utils';
import { headlineOf } from '../api/get-record-headline';
import { RecordHeadline } from './record-headline';

function stubRecord(body: unknown, status = 200) {
  const fetchMock = vi.fn(async () => jsonResponse(body, status));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const RECORD = { success: true, data: { settled: 412, profitUnits: 38.5, yield: 0.072 } };

describe('RecordHeadline', () => {
  it('reads "+38,5 u · yield 7,2 % · 412 tips verificados" and links to /historial', async () => {
    const fetchMock = stubRecord(RECORD);
    renderWithApp(<RecordHeadline />);

    const link = await screen.findByRole('link');
    expect(link).toHaveAttribute('href', '/historial');
    expect(link.textContent?.replace(/\s/g, ' ')).toBe(
      '+38,5 u · yield 7,2 % · 412 tips verificados',
    );
    // Issue 32 item 5: under the figures, that they promise nothing.
    expect(screen.getByText(`${PAST_RESULTS_NOTICE}.`)).toBeVisible();
    // Public figures: asked without a period (the server's default is all) and without a token.
    expect(fetchMock).toHaveBeenCalledWith('/api/track-record', expect.anything());
  });

  it('writes a loss and big counts the Spanish way', async () => {
    stubRecord({ success: true, data: { settled: 12500, profitUnits: -3.25, yield: null } });
    renderWithApp(<RecordHeadline />);

    const link = await screen.findByRole('link');
    expect(link.textContent?.replace(/\s/g, ' ')).toBe(
      '-3,25 u · yield — · 12.500 tips verificados',
    );
  });

  it('keeps its empty line while nothing is settled, on an error and while loading', async () => {
    stubRecord({ success: true, data: { settled: 0, profitUnits: 0, yield: null } });
    const { container } = renderWithApp(<RecordHeadline />);

    expect(container.querySelector('.record-headline__figures')).toBeInTheDocument();
    // The note keeps its place, unseen and unread, with no figures to speak of.
    const note = container.querySelector('.record-headline__note');
    expect(note).toHaveClass('past-results-note--idle');
    expect(note).toHaveAttribute('aria-hidden', 'true');
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(note).toHaveClass('past-results-note--idle');
  });

  it('hides itself on an unexpected answer instead of failing', () => {
    // What a server might send, whatever the type says.
    const read = (payload: unknown) => headlineOf(payload as Parameters<typeof headlineOf>[0]);
    expect(read({ success: true, tips: [] })).toBeNull();
    expect(read(null)).toBeNull();
    expect(read({ data: { settled: '4', profitUnits: 1 } })).toBeNull();
    expect(read(RECORD)).toEqual({ settled: 412, profitUnits: 38.5, yield: 0.072 });
  });
});
