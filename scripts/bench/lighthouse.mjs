// Lighthouse (mobile: Lighthouse's default emulation and simulated throttling) on pages of a
// running MagoTips, through the lighthouse node API and a headless Chromium started here.
//   import { lighthouseScores } from './bench/lighthouse.mjs';
//   node scripts/bench/lighthouse.mjs http://127.0.0.1:PORT [/path ...]   → JSON on stdout
// Each path is measured twice (one Chromium, storage reset before every run) and the run with
// the better performance score is kept: the simulation multiplies the CPU time it observes by
// four, so a run that shares the machine with something busy loses a point or two.
// One call for / and /login takes about 30 s.
// Diagnosis (off by default, for tuning main-thread work):
//   LH_RUNS=n       runs per path instead of two
//   LH_ALL=1        every run in the output (with its median below), not only the best
//   LH_BREAKDOWN=1  adds each run's main-thread time per category and per script (ms, as
//                   Lighthouse reports it: already multiplied by its CPU slowdown) and its long tasks
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from './landing.mjs';

// The flags every Chromium of the bench starts with (landing.mjs), in the new headless mode.
const CHROME_FLAGS = CHROMIUM_FLAGS.map((flag) =>
  flag === '--headless' ? '--headless=new' : flag,
);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
};
const RUNS_PER_PATH = Number(process.env.LH_RUNS) || 2;
const ALL_RUNS = process.env.LH_ALL === '1';
const BREAKDOWN = process.env.LH_BREAKDOWN === '1';

/** Audits of a category that lost points (score < 1), for diagnosis. */
function failedAudits(lhr, categoryId) {
  const refs = lhr.categories[categoryId]?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (a) =>
        a && typeof a.score === 'number' && a.score < 1 && a.scoreDisplayMode !== 'informative',
    )
    .map((a) => ({
      id: a.id,
      title: a.title,
      score: a.score,
      ...(a.displayValue ? { displayValue: a.displayValue } : {}),
    }));
}

/** Where the main thread's time went: by category, by script, and the long tasks. */
function breakdown(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const ms = (v) => Math.round(v ?? 0);
  return {
    mainThread: Object.fromEntries(
      items('mainthread-work-breakdown').map((i) => [i.group, ms(i.duration)]),
    ),
    scripts: items('bootup-time').map((i) => ({
      url: String(i.url).replace(/^https?:\/\/[^/]+/, ''),
      total: ms(i.total),
      scripting: ms(i.scripting),
      parse: ms(i.scriptParseCompile),
    })),
    longTasks: items('long-tasks').map((i) => ({
      url: String(i.url).replace(/^https?:\/\/[^/]+/, ''),
      start: ms(i.startTime),
      duration: ms(i.duration),
    })),
  };
}

/** The median run of each metric, for LH_ALL's summary. */
function medians(runs) {
  const mid = (values) => {
    const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
    if (!sorted.length) return null;
    const h = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[h] : (sorted[h - 1] + sorted[h]) / 2;
  };
  return {
    performance: mid(runs.map((r) => r.performance)),
    ...Object.fromEntries(Object.keys(METRICS).map((k) => [k, mid(runs.map((r) => r.metrics[k]))])),
  };
}

function summarize(path, lhr) {
  const score = (id) => lhr.categories[id]?.score ?? null;
  const metrics = {};
  for (const [key, id] of Object.entries(METRICS)) {
    const v = lhr.audits[id]?.numericValue;
    metrics[key] =
      typeof v === 'number' ? (key === 'cls' ? Math.round(v * 1000) / 1000 : Math.round(v)) : null;
  }
  const seen = new Set();
  const failed = [
    ...failedAudits(lhr, 'accessibility'),
    ...failedAudits(lhr, 'performance'),
  ].filter((a) => !seen.has(a.id) && seen.add(a.id));
  return {
    path,
    ...(BREAKDOWN ? { breakdown: breakdown(lhr) } : {}),
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    metrics,
    failedAudits: failed,
    ...(lhr.runtimeError ? { runtimeError: lhr.runtimeError.message } : {}),
  };
}

/**
 * Lighthouse scores (0..1) and metrics (ms; CLS unitless) of each path on baseUrl.
 * Returns null (after printing why) when Chromium is not installed.
 * @param {string} baseUrl e.g. http://127.0.0.1:3990
 * @param {string[]} [paths]
 * @returns {Promise<null | Array<{ path: string, performance: number|null, accessibility: number|null,
 *   bestPractices: number|null, seo: number|null,
 *   metrics: { fcp: number|null, lcp: number|null, tbt: number|null, cls: number|null, si: number|null },
 *   failedAudits: Array<{ id: string, title: string, score: number, displayValue?: string }> }>>}
 */
export async function lighthouseScores(baseUrl, paths = ['/', '/login']) {
  const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromePath)) {
    console.warn(
      `Lighthouse omitido: no se encuentra Chromium en ${chromePath} (define CHROMIUM_PATH).`,
    );
    return null;
  }
  let chrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: CHROME_FLAGS,
      logLevel: 'silent',
    });
    const results = [];
    for (const path of paths) {
      const url = new URL(path, baseUrl).href;
      let best = null;
      const runs = [];
      for (let run = 0; run < RUNS_PER_PATH; run++) {
        const runner = await lighthouse(url, {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: CATEGORIES,
        });
        if (!runner) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
        const summary = summarize(path, runner.lhr);
        runs.push(summary);
        if (!best || (summary.performance ?? -1) > (best.performance ?? -1)) best = summary;
      }
      results.push(ALL_RUNS ? { path, median: medians(runs), runs } : best);
    }
    return results;
  } finally {
    if (chrome) {
      try {
        chrome.kill();
      } catch {
        // already gone
      }
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [baseUrl, ...paths] = process.argv.slice(2);
  if (!baseUrl) {
    console.error('Uso: node scripts/bench/lighthouse.mjs http://127.0.0.1:PUERTO [/ruta ...]');
    process.exit(2);
  }
  const started = Date.now();
  const results = await lighthouseScores(baseUrl, paths.length ? paths : undefined);
  console.log(JSON.stringify(results, null, 2));
  console.error(`Lighthouse: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(results ? 0 : 1);
}
