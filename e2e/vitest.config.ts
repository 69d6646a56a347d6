import { defineConfig } from 'vitest/config';
import ClockLastSequencer from './support/sequencer';

// Browser journeys: one built server, one Chromium at a time (the machines have 2 cores).
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    // The clock movers, then the record's verifier, after every other journey.
    sequence: { sequencer: ClockLastSequencer },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
