// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

// The web app's boundaries (decision 0067) hold only as long as lint refuses what crosses them.
// Each case lints a real file of the app with one import added, through the repository's own
// eslint.config.js, and expects exactly that line to be refused (or, for what is allowed, not).

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });
const BOUNDARY_RULES = ['import-x/no-restricted-paths', 'import-x/no-cycle'];

/** The boundary rules' findings on `file` (under apps/web/src) with `addition` appended, and the
 * line the addition starts on. */
async function lintWith(file: string, addition = '') {
  const filePath = `${repoRoot}apps/web/src/${file}`;
  const original = readFileSync(filePath, 'utf8');
  const [result] = await eslint.lintText(`${original}\n${addition}\n`, { filePath });
  const findings = (result?.messages ?? []).filter(
    (message: Linter.LintMessage) =>
      message.ruleId !== null && BOUNDARY_RULES.includes(message.ruleId),
  );
  return { line: original.split('\n').length + 1, findings };
}

async function expectRefused(file: string, addition: string, rule: string) {
  const { line, findings } = await lintWith(file, addition);
  expect(findings.map(({ ruleId, line: at }) => ({ ruleId, line: at }))).toContainEqual({
    ruleId: rule,
    line,
  });
}

// ESLint's first run loads the TypeScript parser and resolver; a busy 2-core machine is slow.
describe('web boundaries, enforced by lint', { timeout: 60_000 }, () => {
  it('the files the cases start from lint clean as they are', async () => {
    for (const file of [
      'features/tips/tip-page.tsx',
      'features/account/account-page.tsx',
      'features/landing/landing-page.tsx',
      'lib/format-date.ts',
      'components/tips/tip-display.ts',
      'app/routes.tsx',
    ]) {
      expect((await lintWith(file)).findings).toEqual([]);
    }
  });

  it('refuses a feature importing another feature', async () => {
    await expectRefused(
      'features/tips/tip-page.tsx',
      "import { PackCard } from '../packs/components/pack-card';",
      'import-x/no-restricted-paths',
    );
  });

  it('refuses it lazily too, and for another feature’s stylesheet', async () => {
    await expectRefused(
      'features/tips/tip-page.tsx',
      "export const loadPackCard = () => import('../packs/components/pack-card');",
      'import-x/no-restricted-paths',
    );
    await expectRefused(
      'features/account/account-page.tsx',
      "import '../landing/landing-page.css';",
      'import-x/no-restricted-paths',
    );
  });

  it('refuses a feature importing app/', async () => {
    await expectRefused(
      'features/landing/landing-page.tsx',
      "import { routes } from '../../app/routes';",
      'import-x/no-restricted-paths',
    );
  });

  it('refuses the shared layer importing a feature', async () => {
    await expectRefused(
      'lib/format-date.ts',
      "import TipPage from '../features/tips/tip-page';",
      'import-x/no-restricted-paths',
    );
  });

  it('refuses an import that closes a circle', async () => {
    // tip-card imports tip-card-head, which imports tip-display: tip-display importing the card
    // back closes the circle.
    await expectRefused(
      'components/tips/tip-display.ts',
      "import { TipCard } from './tip-card';",
      'import-x/no-cycle',
    );
  });

  it('lets app/ import features and features import the shared layer', async () => {
    const composed = await lintWith(
      'app/routes.tsx',
      "import { PackCard } from '../features/packs/components/pack-card';",
    );
    expect(composed.findings).toEqual([]);
    const shared = await lintWith(
      'features/tips/tip-page.tsx',
      "import { TipList } from '../../components/tips/tip-list';",
    );
    expect(shared.findings).toEqual([]);
  });
});
