import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import architecture from './eslint/architecture.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.test-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['contract/src/**/*.ts', 'server/src/**/*.ts', 'admin/src/**/*.{ts,tsx}'],
    plugins: { architecture },
    rules: { 'architecture/boundaries': 'error' },
  },
  {
    // The contract runs in the browser too: no DOM globals, no Node globals.
    files: ['contract/src/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'navigator',
        'HTMLElement',
        'process',
        'Buffer',
        '__dirname',
        'require',
      ],
    },
  },
  {
    // The public site writes markup with the html template, which escapes every value: no hand-placed escaping.
    files: ['server/src/public-site/**/*.ts'],
    ignores: ['server/src/public-site/rendering/html.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tours-cms/contract',
              importNames: ['escapeHtml'],
              message: 'Write markup with html`...` (public-site/rendering/html.ts), which escapes every value.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
