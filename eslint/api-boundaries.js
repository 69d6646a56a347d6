// The API's floors (docs/decisions/0063-api-floors.md), kept true by lint: a file imports its
// own unit and units on lower floors, never a unit on its own floor or above, and no runtime
// import closes a circle.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = 'apps/api/src';

/** Lowest first. A unit is a folder (or file) of apps/api/src; `modules/x` is one feature. Two
 * units on one floor may not import each other either: that is how a circle between features
 * is refused before it exists. */
export const API_FLOORS = [
  { floor: 'foundation', units: ['lib', 'config'] },
  { floor: 'database', units: ['db'] },
  { floor: 'plugins', units: ['plugins'] },
  {
    floor: 'infrastructure',
    units: ['modules/jobs', 'modules/mail', 'modules/health', 'modules/test-clock'],
  },
  // The in-process bus a module emits on and others subscribe to (main's tips events).
  { floor: 'events', units: ['modules/events'] },
  { floor: 'people', units: ['modules/users'] },
  {
    floor: 'accounts',
    // telegram: a reader's linked Telegram account (issue 31), below alerts and products that
    // will write to it.
    units: [
      'modules/auth',
      'modules/admin',
      'modules/messages',
      'modules/track-record',
      'modules/telegram',
    ],
  },
  // The reader's pause (decision 0116): confirms with the password as auth does and emits on
  // the readers' bus; the products, alerts and VIP group read the pause columns themselves.
  { floor: 'the pause', units: ['modules/account-pause'] },
  { floor: 'content', units: ['modules/tips'] },
  // The port (payments) beside the catalogues it never reads and the subscribers of tips.
  {
    floor: 'catalogue and port',
    units: [
      'modules/payments',
      'modules/packs',
      'modules/plans',
      'modules/alerts',
      'modules/ledger',
    ],
  },
  { floor: 'products', units: ['modules/pack-purchases', 'modules/subscriptions'] },
  { floor: 'gift codes', units: ['modules/gift-codes'] },
  // business: the owner's dashboard (issue 33 item 2) reads payments, subscriptions and the track
  // record's tables through db/ and imports no module, beside the other books.
  {
    floor: 'gifts and the books',
    units: ['modules/gifts', 'modules/verification', 'modules/business'],
  },
  // Referrals (decision 0119): fills the payments' discount port, records first payments from
  // their bus and gives its months through the gift codes' plan grant, so above all three.
  { floor: 'referrals', units: ['modules/referrals'] },
  // The paid Telegram group (issue 31 item 2): reads links and subscriptions, and nothing but
  // app.ts needs it, so it sits above every product whose ending it notices.
  { floor: 'the VIP group', units: ['modules/vip-group'] },
];

/** The top floor composes everything and nothing imports it. `module-deps.ts` is not here: it
 * is the type every module's routes take from app.ts. */
const TOP = ['app.ts', 'server.ts', 'cli', 'seed'];

/**
 * Imports allowed to break the floors, each for one file only: none today (tips emit events
 * instead of enqueuing alerts, and the seed moved to the top floor). Add one only with a line
 * saying which change removes it.
 */
const EXCEPTIONS = [];

const abs = (unit) => path.join(REPO, SRC, unit);

/** Every folder and file of apps/api/src that is code, as a unit name. */
function unitsOnDisk(srcDir) {
  const top = readdirSync(srcDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')))
    .map((e) => e.name);
  const modules = readdirSync(path.join(srcDir, 'modules'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `modules/${e.name}`);
  return [...top.filter((name) => name !== 'modules'), ...modules];
}

/** The zones of import-x/no-restricted-paths: one per unit and unit it may not import, so the
 * message names both. `allow` lists [importer file, imported file] pairs let through. */
function zonesOf(floors, allow = []) {
  const placed = floors.flatMap((f, level) => f.units.map((unit) => ({ unit, level, ...f })));
  const zones = [];
  for (const low of placed) {
    const above = [
      ...placed.filter((p) => p.level >= low.level && p.unit !== low.unit),
      ...TOP.map((unit) => ({ unit, floor: 'top' })),
    ];
    for (const high of above) {
      const except = allow
        .filter(
          ([file, imported]) =>
            file.startsWith(`${low.unit}/`) && imported.startsWith(`${high.unit}/`),
        )
        .map(([, imported]) => `./${path.relative(high.unit, imported)}`);
      zones.push({
        target: abs(low.unit),
        from: abs(high.unit),
        ...(except.length > 0 ? { except } : {}),
        message:
          high.level === low.level
            ? `${low.unit} and ${high.unit} share the floor "${low.floor}": neither imports the other (docs/decisions/0063-api-floors.md).`
            : `${low.unit} (floor "${low.floor}") may not import ${high.unit} (floor "${high.floor}"), which is above it (docs/decisions/0063-api-floors.md).`,
      });
    }
  }
  return zones;
}

/** The ESLint config blocks; throws when a unit of apps/api/src has no floor, so a new module
 * is placed on purpose rather than left free of every rule. */
export function apiBoundaryConfigs(units = unitsOnDisk(path.join(REPO, SRC))) {
  const placed = new Set([...API_FLOORS.flatMap((f) => f.units), ...TOP, 'module-deps.ts']);
  const unplaced = units.filter((u) => !placed.has(u));
  if (unplaced.length > 0) {
    throw new Error(
      `${unplaced.join(', ')}: no floor in eslint/api-boundaries.js. Put each on the floor below everything that imports it (docs/decisions/0063-api-floors.md).`,
    );
  }
  const files = [`${SRC}/**/*.ts`];
  const ignores = [`${SRC}/**/*.test.ts`];
  const restricted = (allow) => ['error', { basePath: REPO, zones: zonesOf(API_FLOORS, allow) }];
  return [
    {
      // Tests sit on the top floor: they build the whole app and may reach any module.
      files,
      ignores,
      plugins: { 'import-x': importX },
      settings: {
        // The walk behind no-cycle parses every imported file: TypeScript's parser, not espree.
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
        'import-x/extensions': ['.ts', '.js'],
        'import-x/resolver-next': [
          createTypeScriptImportResolver({ project: path.join(REPO, 'apps/api/tsconfig.json') }),
        ],
      },
      rules: {
        'import-x/no-restricted-paths': restricted([]),
        // Packages cannot import the API back, so the walk stops at them (and stays fast).
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
    ...EXCEPTIONS.map(({ file, imports }) => ({
      files: [`${SRC}/${file}`],
      rules: { 'import-x/no-restricted-paths': restricted([[file, imports]]) },
    })),
  ];
}

export default apiBoundaryConfigs();
