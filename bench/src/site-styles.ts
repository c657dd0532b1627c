/**
 * The compiled stylesheet at scale (issue 15): after any change, the first document rendered waits for the
 * stylesheet to be rebuilt from the published pages and tours. With 10,000 published tours whose content carries
 * Tailwind classes (SQLite, in process), this measures what a cold build costs in parts (reading every tour's
 * content, extracting the classes, compiling them), and the first render of the home page after one tour is
 * edited, when the rebuild reads and parses that tour alone. Run alone after `npm run build`:
 * `node --import tsx bench/src/site-styles.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../../server/dist/app.js';
import { loadConfig } from '../../server/dist/config.js';
import { connectDatabase } from '../../server/dist/db/connect.js';
import { classNamesOf } from '../../server/dist/public-site/styles/class-names.js';
import { compileTailwind } from '../../server/dist/public-site/styles/tailwind-compile.js';
import { seedCatalogue, TOUR_COUNT } from './catalogue.js';
import { median } from './lib/load.js';

const RUNS = 7;

/** A tour's content as staff write it: sections and cards with a few hundred distinct classes across the site. */
function tourContent(n: number): string {
  const shade = ((n % 9) + 1) * 100;
  return `<section class="mx-auto max-w-3xl px-6 py-${(n % 12) + 1}">
<h2 class="text-2xl font-bold text-slate-900 md:text-3xl">Day ${n % 7}</h2>
<p class="mt-4 text-lg text-slate-${shade} leading-relaxed">${'Sail along the coast, swim in a quiet cove and watch the sun go down. '.repeat(12)}</p>
<div class="mt-6 grid gap-4 md:grid-cols-${(n % 4) + 1}"><div class="rounded-2xl bg-sky-${shade} p-${(n % 8) + 2} shadow-sm hover:shadow-md">Included</div></div>
</section>`;
}

export interface SiteStylesFigures {
  tours: number;
  distinctClasses: number;
  readMs: number;
  extractMs: number;
  compileMs: number;
  cssBytes: number;
  firstRenderMs: number;
}

export async function measureSiteStyles(): Promise<SiteStylesFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-bench-styles-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const db = await connectDatabase(config);
  try {
    await seedCatalogue(db);
    const ids = await db.kysely.selectFrom('posts').select('id').execute();
    for (const { id } of ids)
      await db.kysely
        .updateTable('posts')
        .set({ content: tourContent(id) })
        .where('id', '=', id)
        .execute();
    const at = new Date().toISOString();
    await db.kysely
      .insertInto('pages')
      .values({
        title: 'Home',
        slug: 'home',
        status: 'published',
        content: '<h1 class="text-4xl font-extrabold">Welcome</h1>',
        created_at: at,
        updated_at: at,
        text_updated_at: at,
      } as never)
      .execute();
    const app = await buildApp(config, { db });
    try {
      const { catalogue } = app.ctx.services;
      const read: number[] = [];
      const extract: number[] = [];
      const compile: number[] = [];
      const first: number[] = [];
      let classes = new Set<string>();
      let cssBytes = 0;
      for (let run = 0; run < RUNS; run++) {
        let start = performance.now();
        const versions = await catalogue.publishedTourVersions();
        const html = await catalogue.publishedTourHtml(versions.map((tour) => tour.id));
        read.push(performance.now() - start);
        start = performance.now();
        classes = new Set<string>();
        for (const fragment of html.values()) classNamesOf(fragment, classes);
        extract.push(performance.now() - start);
        start = performance.now();
        cssBytes = (await compileTailwind(classes)).css.length;
        compile.push(performance.now() - start);
      }
      // The first render builds the stylesheet cold; then each edit of one tour, as staff make them.
      if ((await app.inject({ method: 'GET', url: '/' })).statusCode !== 200)
        throw new Error('the home page did not render');
      for (let run = 0; run < RUNS; run++) {
        const id = 1 + run * 997;
        await sql`UPDATE posts SET content = ${`${tourContent(id)}<p class="text-${run % 2 ? 'left' : 'center'}">Edited</p>`}, version = version + 1 WHERE id = ${id}`.execute(
          db.kysely,
        );
        app.ctx.siteChanges.changed('post');
        const start = performance.now();
        if ((await app.inject({ method: 'GET', url: '/' })).statusCode !== 200)
          throw new Error('the home page did not render');
        first.push(performance.now() - start);
      }
      return {
        tours: TOUR_COUNT,
        distinctClasses: classes.size,
        readMs: median(read),
        extractMs: median(extract),
        compileMs: median(compile),
        cssBytes,
        firstRenderMs: median(first),
      };
    } finally {
      await app.close();
    }
  } finally {
    await db.kysely.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatSiteStyles(f: SiteStylesFigures): string {
  return [
    `Compiled stylesheet with ${f.tours.toLocaleString('en')} published tours (SQLite, in process), medians of ${RUNS} runs:`,
    `  a cold build: read every tour ${f.readMs.toFixed(0)} ms, extract ${f.distinctClasses} distinct classes ${f.extractMs.toFixed(0)} ms, compile ${f.compileMs.toFixed(0)} ms (${(f.cssBytes / 1024).toFixed(1)} KB of CSS)`,
    `  first render of the home page after one tour is edited (its rebuild included): ${f.firstRenderMs.toFixed(0)} ms`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatSiteStyles(await measureSiteStyles()));
}
