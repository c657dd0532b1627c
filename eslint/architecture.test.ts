import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import architecture from './architecture.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const linter = new Linter({ configType: 'flat', cwd: ROOT });

/** The messages of the boundaries rule for `code` written in the repository file `file`. */
function boundaryMessages(file: string, code: string): string[] {
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser },
        plugins: { architecture },
        rules: { 'architecture/boundaries': 'error' },
      },
    ],
    path.join(ROOT, file),
  );
  return messages.map((message) => message.message);
}

describe('architecture/boundaries', () => {
  it.each([
    [
      'a route importing a repository',
      'server/src/modules/posts/posts.routes.ts',
      "import { listPosts } from './posts.repository.js';",
    ],
    [
      'a route importing the database',
      'server/src/modules/posts/posts.routes.ts',
      "import type { Db } from '../../db/dialect.js';",
    ],
    [
      "a service importing another module's repository",
      'server/src/modules/posts/posts.service.ts',
      "import { findTaxonomyById } from '../taxonomy/taxonomy.repository.js';",
    ],
    [
      'the public site importing a repository',
      'server/src/public-site/public-site.routes.ts',
      "import { listPages } from '../modules/pages/pages.repository.js';",
    ],
    [
      'a module importing the public site',
      'server/src/modules/posts/posts.service.ts',
      "import { pageDocument } from '../../public-site/documents/site-document.js';",
    ],
    [
      'core importing a module',
      'server/src/core/site-changes.ts',
      "import type { PostsService } from '../modules/posts/posts.service.js';",
    ],
    [
      'a public-site room importing a route file',
      'server/src/public-site/documents/site-document.ts',
      "import { registerTourSite } from '../tour-site.routes.js';",
    ],
    [
      'a public-site document importing the HTTP layer',
      'server/src/public-site/documents/site-document.ts',
      "import { HTML } from '../http/site-http.js';",
    ],
    [
      'the public-site styles importing a document',
      'server/src/public-site/styles/site-styles.ts',
      "import { pageDocument } from '../documents/site-document.js';",
    ],
    [
      'the public site reaching the database',
      'server/src/public-site/documents/site-document.ts',
      "import type { Db } from '../../db/dialect.js';",
    ],
    ['a plugin using Kysely', 'server/src/plugins/auth.ts', "import { sql } from 'kysely';"],
    [
      'the demo reaching the database',
      'server/src/demo/demo-site.ts',
      "import { inTransaction } from '../db/transaction.js';",
    ],
    ['the contract importing Node', 'contract/src/posts.ts', "import fs from 'node:fs';"],
    ['the contract importing the server', 'contract/src/posts.ts', "import { x } from '../../server/src/app.js';"],
    [
      'a feature importing another feature',
      'admin/src/features/posts/posts-page.tsx',
      "import { usePages } from '../pages/api/get-pages';",
    ],
    [
      'a feature importing another feature from deeper down',
      'admin/src/features/posts/components/card.tsx',
      "import { x } from '../../pages/filter-pages';",
    ],
    [
      'a feature importing the app shell',
      'admin/src/features/posts/posts-page.tsx',
      "import { useAuth } from '../../app/auth/auth-context';",
    ],
    [
      'shared components importing a feature',
      'admin/src/components/modal.tsx',
      "import { x } from '../features/posts/filter-posts';",
    ],
  ])('refuses %s', (_name, file, code) => {
    expect(boundaryMessages(file, code)).toHaveLength(1);
  });

  it.each([
    [
      'a route importing its service type',
      'server/src/modules/posts/posts.routes.ts',
      "import type { RoutesPlugin } from '../../http/routes-plugin.js';",
    ],
    [
      'a service importing its own repository',
      'server/src/modules/posts/posts.service.ts',
      "import * as repo from './posts.repository.js';",
    ],
    [
      "a service taking another module's service type",
      'server/src/modules/posts/posts.service.ts',
      "import type { TaxonomyService } from '../taxonomy/taxonomy.service.js';",
    ],
    [
      'a module importing the site-change signal from core',
      'server/src/modules/posts/posts.service.ts',
      "import type { SiteChanges } from '../../core/site-changes.js';",
    ],
    [
      'a public-site route file importing its rooms',
      'server/src/public-site/tour-site.routes.ts',
      "import { tourDocument } from './documents/tour-document.js';\nimport { HTML } from './http/site-http.js';",
    ],
    [
      'a public-site document importing styles and images',
      'server/src/public-site/documents/site-document.ts',
      "import { usesFontAwesome } from '../styles/class-names.js';\nimport { pictureHtml } from '../images/responsive-images.js';",
    ],
    ['the contract importing zod', 'contract/src/posts.ts', "import { z } from 'zod';"],
    [
      'a feature importing its own files and shared code',
      'admin/src/features/posts/components/card.tsx',
      "import { x } from '../filter-posts';\nimport { Modal } from '../../../components/modal';",
    ],
  ])('allows %s', (_name, file, code) => {
    expect(boundaryMessages(file, code)).toEqual([]);
  });
});
