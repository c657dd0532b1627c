/**
 * `npm run lint` refuses an import cycle anywhere in the server, the admin or the contract: two files that import
 * each other, directly or round a longer loop (type-only imports included: a cycle of types today is a cycle of
 * values tomorrow, and it says the two files are one room). The imports are read by TypeScript's own pre-processor
 * and relative specifiers resolved as the build resolves them (`./x.js` is `./x.ts`).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
export const SOURCE_DIRS = ['server/src', 'admin/src', 'contract/src'];

/** The file a relative specifier names, among `files` (`./x.js` is `./x.ts`, `./x` may be `./x/index.ts`). */
function resolve(files, from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}

/** The relative imports of each file, resolved: { file: [files it imports] }. `files` maps path → source text. */
export function importGraph(files) {
  const graph = new Map();
  for (const [file, text] of files) {
    const imports = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((entry) => entry.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(files, file, specifier))
      .filter((target) => target !== null);
    graph.set(file, [...new Set(imports)]);
  }
  return graph;
}

/** Every cycle of the graph, one per strongly connected component, as the files round the loop (Tarjan). */
export function findCycles(graph) {
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (file) => {
    indices.set(file, index);
    lowlinks.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowlinks.set(file, Math.min(lowlinks.get(file), lowlinks.get(next)));
      } else if (onStack.has(next)) lowlinks.set(file, Math.min(lowlinks.get(file), indices.get(next)));
    }
    if (lowlinks.get(file) === indices.get(file)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) components.push(new Set(component));
    }
  };
  for (const file of graph.keys()) if (!indices.has(file)) visit(file);
  // One loop through each component, from its first file, for the message.
  return components.map((component) => {
    const start = [...component].sort()[0];
    const loop = [start];
    const seen = new Set([start]);
    let current = start;
    for (;;) {
      const next = (graph.get(current) ?? []).find(
        (target) => component.has(target) && (target === start || !seen.has(target)),
      );
      if (!next || next === start) break;
      loop.push(next);
      seen.add(next);
      current = next;
    }
    return [...loop, start];
  });
}

/** The source files of the repository's TypeScript projects. */
export function sourceFiles(root = ROOT, dirs = SOURCE_DIRS) {
  const files = new Map();
  for (const dir of dirs)
    for (const file of ts.sys.readDirectory(
      path.join(root, dir),
      ['.ts', '.tsx'],
      ['**/node_modules/**', '**/dist/**'],
    ))
      files.set(path.resolve(file), fs.readFileSync(file, 'utf8'));
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cycles = findCycles(importGraph(sourceFiles()));
  for (const cycle of cycles)
    console.error(`Import cycle: ${cycle.map((file) => path.relative(ROOT, file)).join(' → ')}`);
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle(s): move what both files need below them, or merge them.`);
    process.exit(1);
  }
  console.log('No import cycles.');
}
