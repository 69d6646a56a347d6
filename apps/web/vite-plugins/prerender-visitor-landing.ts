import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

/** Where the server finds the visitor landing's HTML (apps/api web-client.ts): under the dot
 * folder, which it does not serve. */
export const VISITOR_LANDING_FILE = '.vite/visitor-landing.html';

const ENTRY = 'src/prerender/visitor-landing.tsx';

type PrerenderModule = { renderVisitorLanding(): string };

/**
 * After the client build, renders the visitor landing (src/prerender/visitor-landing.tsx) to HTML
 * with the same components, so a visitor's first screen paints from the HTML and the entry's CSS
 * rather than after the entry script (issue 13: the landing's LCP was 1.6 s of render delay on a
 * slow phone). The render is a throwaway server build under the dot folder, removed afterwards.
 */
export function prerenderVisitorLanding(root: string): Plugin {
  let outDir = '';
  return {
    name: 'magotips:prerender-visitor-landing',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const ssrDir = path.join(outDir, '.vite', 'prerender');
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        build: {
          ssr: ENTRY,
          outDir: ssrDir,
          emptyOutDir: true,
          copyPublicDir: false,
          rolldownOptions: { output: { entryFileNames: 'visitor-landing.mjs' } },
        },
      });
      try {
        const url = pathToFileURL(path.join(ssrDir, 'visitor-landing.mjs')).href;
        const { renderVisitorLanding } = (await import(url)) as PrerenderModule;
        const html = renderVisitorLanding();
        const file = path.join(outDir, VISITOR_LANDING_FILE);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, html);
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
