import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { apiBoundaryConfigs } from '../../../eslint/api-boundaries.js';

// The API's floors hold by lint (decision 0063): these run the repository's own ESLint config
// on code that crosses a floor or closes a circle, so the rule cannot quietly stop catching one.

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: REPO });

async function lint(file: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO, file) });
  return result?.messages ?? [];
}

const boundary = (message: string) =>
  expect.objectContaining({
    ruleId: 'import-x/no-restricted-paths',
    message: expect.stringContaining(message),
  });

describe('the API floors, by lint', () => {
  it('refuses payments an import of what it sells', async () => {
    const messages = await lint(
      'apps/api/src/modules/payments/probe.ts',
      "import { createGiftProduct } from '../gifts/gift-product';\nexport const probe = createGiftProduct;\n",
    );
    expect(messages).toEqual([
      boundary(
        'modules/payments (floor "catalogue and port") may not import modules/gifts (floor "gifts and the books")',
      ),
    ]);
  });

  it('refuses a type-only import of a floor above as well: a plugin naming a module', async () => {
    const messages = await lint(
      'apps/api/src/plugins/probe.ts',
      "import type { UserAccount } from '../modules/users/users.repository';\nexport type Probe = UserAccount;\n",
    );
    expect(messages).toEqual([boundary('plugins (floor "plugins") may not import modules/users')]);
  });

  it('refuses an import between two features of one floor', async () => {
    const messages = await lint(
      'apps/api/src/modules/packs/probe.ts',
      "import { createPlansRepository } from '../plans/plans.repository';\nexport const probe = createPlansRepository;\n",
    );
    expect(messages).toEqual([
      boundary('modules/packs and modules/plans share the floor "catalogue and port"'),
    ]);
  });

  it('lets a module import the floors below it', async () => {
    const messages = await lint(
      'apps/api/src/modules/gifts/probe.ts',
      [
        "import { giftCodesRepository } from '../gift-codes/gift-codes.repository';",
        "import type { JobRunner } from '../jobs/job-runner';",
        "import { createProductRegistry } from '../payments/products';",
        'export const probe = [giftCodesRepository, createProductRegistry];',
        'export type Probe = JobRunner;',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it('refuses an import that closes a circle, even inside one module', async () => {
    // job-runner.ts imports job-queue.ts: job-queue.ts importing it back closes a circle.
    const messages = await lint(
      'apps/api/src/modules/jobs/job-queue.ts',
      "import { createJobRunner } from './job-runner';\nexport const probe = createJobRunner;\n",
    );
    expect(messages).toEqual([expect.objectContaining({ ruleId: 'import-x/no-cycle' })]);
  });

  it('stops at a module no floor places, so a new one is placed on purpose', () => {
    expect(() => apiBoundaryConfigs(['lib', 'modules/payments', 'modules/trials'])).toThrow(
      /modules\/trials: no floor/,
    );
    expect(() => apiBoundaryConfigs(['lib', 'modules/payments'])).not.toThrow();
  });
});
