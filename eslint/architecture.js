/**
 * The import boundaries of ARCHITECTURE.md, held by the linter rather than by habit. Each rule names the files
 * it applies to (a path relative to the repository root), the imports it refuses (resolved paths, or bare
 * package names), and why. Relative imports are resolved against the importing file, so `../pages/x` from
 * features/posts is seen for what it is: another feature.
 */
import path from 'node:path';
import { builtinModules } from 'node:module';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Node's built-in modules, with and without the `node:` prefix. */
const NODE_BUILTINS = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

const rules = [
  {
    files: /^server\/src\/modules\/[^/]+\/[^/]+\.routes\.ts$/,
    forbid: (target) =>
      /^server\/src\/(db\/|modules\/[^/]+\/[^/]+\.repository\.ts$)/.test(target) || target === 'kysely',
    message: 'A route reaches data through its service only: no repository, no db/ and no Kysely in a route file.',
  },
  {
    files: /^server\/src\/modules\/([^/]+)\/(?![^/]+\.test\.ts$)/,
    forbid: (target, [, own]) => {
      const match = /^server\/src\/modules\/([^/]+)\/(.+)$/.exec(target);
      return match !== null && match[1] !== own && !match[2].endsWith('.service.ts');
    },
    message:
      "A module uses another module only through that module's service (given to it in services.ts), never its repository or other files.",
  },
  {
    files: /^server\/src\/(public-site|plugins|demo|frames)\/|^server\/src\/(main|bootstrap|app)\.ts$/,
    forbid: (target) => /^server\/src\/modules\/[^/]+\/[^/]+\.repository\.ts$/.test(target),
    message: 'Outside the modules, data is read and written through the services (ctx.services), never a repository.',
  },
  {
    files: /^server\/src\/(modules|versioned-content|core)\//,
    forbid: (target) => target.startsWith('server/src/public-site/'),
    message:
      'The public site sits above the content it renders: modules and core never import it (the site-change signal lives in core/).',
  },
  {
    files: /^server\/src\/core\//,
    forbid: (target) => target.startsWith('server/src/modules/'),
    message: 'core/ sits below the modules: it never imports one.',
  },
  {
    files: /^server\/src\/(public-site|demo|plugins)\/(?!.*\.test\.ts$)/,
    forbid: (target) => target.startsWith('server/src/db/') || target === 'kysely',
    message:
      'The public site, the demo and the plugins never reach the database: no db/ and no Kysely, only the services (ctx.services).',
  },
  {
    files: /^server\/src\/public-site\/[^/]+\//,
    forbid: (target) => /^server\/src\/public-site\/[^/]+\.ts$/.test(target),
    message:
      "The public site's rooms (rendering/, documents/, http/, styles/, images/) never import the route files above them.",
  },
  {
    files: /^server\/src\/public-site\/(documents|styles|images)\//,
    forbid: (target) => target.startsWith('server/src/public-site/http/'),
    message: 'Documents, styles and images build bytes; they never reach the HTTP layer (public-site/http/).',
  },
  {
    files: /^server\/src\/public-site\/(styles|images)\//,
    forbid: (target) => target.startsWith('server/src/public-site/documents/'),
    message: 'Styles and images sit below the documents that use them: they never import public-site/documents/.',
  },
  {
    files: /^contract\/src\//,
    forbid: (target) =>
      NODE_BUILTINS.has(target) ||
      /^(react|react-dom|fastify|kysely|pg|better-sqlite3)(\/|$)/.test(target) ||
      /^(server|admin|e2e|bench)\//.test(target),
    message: 'The contract is shared by the server and the browser: no Node, DOM, framework or database code in it.',
  },
  {
    files: /^admin\/src\/features\/([^/]+)\//,
    forbid: (target, [, own]) => {
      const feature = /^admin\/src\/features\/([^/]+)\//.exec(target);
      return (feature !== null && feature[1] !== own) || target.startsWith('admin/src/app/');
    },
    message:
      'A feature never imports another feature or the app shell: share through admin/src/components, admin/src/lib or the contract.',
  },
  {
    files: /^admin\/src\/(components|lib)\//,
    forbid: (target) => target.startsWith('admin/src/features/') || target.startsWith('admin/src/app/'),
    message: 'Shared admin code (components/, lib/) never imports a feature or the app shell.',
  },
];

/** The repository-relative path an import points at (extension dropped to its .ts/.tsx source), or the bare name. */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return specifier;
  const absolute = path.resolve(path.dirname(fromFile), specifier);
  return path.relative(ROOT, absolute).split(path.sep).join('/').replace(/\.js$/, '.ts');
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports respect the boundaries drawn in ARCHITECTURE.md' },
    schema: [],
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const applicable = rules.map((rule) => ({ rule, match: rule.files.exec(file) })).filter(({ match }) => match);
    if (applicable.length === 0) return {};
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const resolved = resolveImport(context.filename, node.source.value);
      // An import without extension (the admin's style) names a .ts or .tsx file.
      const candidates =
        /\.[cm]?[jt]sx?$/.test(resolved) || !node.source.value.startsWith('.')
          ? [resolved]
          : [`${resolved}.ts`, `${resolved}.tsx`];
      for (const { rule, match } of applicable) {
        if (candidates.some((target) => rule.forbid(target, match))) {
          context.report({ node: node.source, message: `${rule.message} (${node.source.value})` });
        }
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => check({ source: node.source }),
    };
  },
};

export default { rules: { boundaries } };
