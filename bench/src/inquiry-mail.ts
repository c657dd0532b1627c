/**
 * An inquiry's answer must not wait for e-mail (issue 31, Performance: under 50 ms added): POST /contacts/ with
 * staff to be told (the message is queued in the inquiry's transaction, sent afterwards by the delivery loop)
 * against the same without mail configured, in one run, on SQLite and on PostgreSQL with BENCH_DATABASE_URL. A
 * real SMTP server on loopback takes the messages, so the delivery loop does its work beside the requests.
 * The app runs in this process (server/dist/app.js) through Fastify's inject.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../../server/dist/app.js';
import { loadConfig } from '../../server/dist/config.js';
import { startTestMailServer } from '../../server/src/test/smtp-server.js';
import { onEachDatabase, timed } from './lib/timing.js';

const RUNS = 200;

async function medianInquiryMs(env: Record<string, string>, withMail: boolean): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-bench-mail-'));
  const smtp = await startTestMailServer();
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      CONTACT_MAX_PER_HOUR: '100000',
      SCHEDULER_INTERVAL_SECONDS: withMail ? '60' : '0',
      ...(withMail ? { SMTP_URL: smtp.url, MAIL_FROM: 'bench@example.com' } : {}),
      ...env,
    }),
  );
  try {
    await app.ready();
    if (withMail)
      await app.ctx.db.kysely
        .insertInto('mail_settings')
        .values({
          id: 1,
          inquiry_recipients: JSON.stringify(['office@example.com']),
          updated_at: new Date().toISOString(),
        })
        .execute();
    let n = 0;
    return await timed(RUNS, async () => {
      n += 1;
      const res = await app.inject({
        method: 'POST',
        url: '/api/contacts/',
        payload: {
          name: `Visitor ${n}`,
          email: `v${n}@example.com`,
          subject: 'Room for four?',
          message: 'Is there room for four on Friday?',
        },
        remoteAddress: '203.0.113.7',
      });
      if (res.statusCode !== 201) throw new Error(`inquiry answered ${res.statusCode}: ${res.body}`);
    });
  } finally {
    await app.close();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface InquiryMailResult {
  database: 'sqlite' | 'postgres';
  withoutMailMs: number;
  withMailMs: number;
}

export async function measureInquiryMail(): Promise<InquiryMailResult[]> {
  return onEachDatabase(async (env, database) => {
    const withoutMailMs = await medianInquiryMs(env, false);
    const withMailMs = await medianInquiryMs(env, true);
    return { database, withoutMailMs, withMailMs };
  });
}

export function formatInquiryMail(results: InquiryMailResult[]): string {
  return results
    .map(
      ({ database, withoutMailMs, withMailMs }) =>
        `inquiry answer (${database}): ${withoutMailMs.toFixed(2)} ms without e-mail, ${withMailMs.toFixed(2)} ms with a message queued (+${(withMailMs - withoutMailMs).toFixed(2)} ms; budget +50 ms)`,
    )
    .join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  console.log(formatInquiryMail(await measureInquiryMail()));
