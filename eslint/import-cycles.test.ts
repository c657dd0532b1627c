import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, sourceFiles } from './import-cycles.js';

const files = (sources: Record<string, string>) =>
  new Map(Object.entries(sources).map(([name, text]) => [`/repo/server/src/${name}`, text]));
const cyclesOf = (sources: Record<string, string>) =>
  findCycles(importGraph(files(sources))).map((cycle) => cycle.map((file) => file.replace('/repo/server/src/', '')));

describe('import cycles', () => {
  it('finds two files that import each other, type-only imports included', () => {
    expect(
      cyclesOf({
        'config.ts': "import { parseKey } from './secret-box.js';",
        'secret-box.ts': "import type { Config } from './config.js';",
      }),
    ).toEqual([['config.ts', 'secret-box.ts', 'config.ts']]);
  });

  it('finds a longer loop through folders, and re-exports', () => {
    expect(
      cyclesOf({
        'core/a.ts': "export { b } from '../modules/b/b.service.js';",
        'modules/b/b.service.ts': "import { c } from './c';",
        'modules/b/c.ts': "import { a } from '../../core/a.js';\nimport fs from 'node:fs';",
      }),
    ).toEqual([['core/a.ts', 'modules/b/b.service.ts', 'modules/b/c.ts', 'core/a.ts']]);
  });

  it('passes layers that import downwards only', () => {
    expect(
      cyclesOf({
        'app.ts': "import { a } from './core/a.js';\nimport { b } from './modules/b/b.service.js';",
        'modules/b/b.service.ts': "import { a } from '../../core/a.js';",
        'core/a.ts': "import { z } from 'zod';",
      }),
    ).toEqual([]);
  });

  it('finds none in the repository as it stands (npm run lint runs the same check)', () => {
    expect(findCycles(importGraph(sourceFiles()))).toEqual([]);
  });
});
