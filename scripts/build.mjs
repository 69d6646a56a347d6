import { buildIfStale } from './build-steps.mjs';

buildIfStale({ force: process.argv.includes('--force') });
