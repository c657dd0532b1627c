import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp, DIALECTS, forEachDialect, type TestApp } from '../../test/test-app.js';

forEachDialect('periodic job claims', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  it('gives a job to one caller per period', async () => {
    const { jobs } = t.app.ctx.services;
    const start = Date.parse('2026-11-25T10:00:00Z');
    expect(await jobs.claim('hourly', 3_600_000, start)).toBe(true);
    expect(await jobs.claim('hourly', 3_600_000, start + 1_000)).toBe(false);
    expect(await jobs.claim('publish-due', 12_000, start + 1_000)).toBe(true);
    expect(await jobs.claim('hourly', 3_600_000, start + 3_600_000)).toBe(true);
  });

  if (dialect === 'postgres' && DIALECTS.includes('postgres')) {
    it('gives a job to exactly one of several nodes asking at the same moment', async () => {
      const second = await buildApp(t.config);
      try {
        const now = Date.now();
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            (i % 2 ? second : t.app).ctx.services.jobs.claim('hourly', 3_600_000, now),
          ),
        );
        expect(answers.filter(Boolean)).toHaveLength(1);
      } finally {
        await second.close();
      }
    });
  }
});
