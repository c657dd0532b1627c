import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Finding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page as it stands and answers its serious and critical findings. The script is evaluated
 * through the browser's debugging protocol, which the admin's Content-Security-Policy (no inline scripts) does
 * not apply to; the admin's own pages are never loosened for it. The frame elements are checked (their titles are
 * the admin's markup); what the sandboxed frames hold is content staff wrote, in other origins, and is not.
 */
export async function seriousFindings(page: Page): Promise<Finding[]> {
  // Once per document: a screen reached inside the app keeps the copy loaded for the screen before.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, { iframes: false, resultTypes: ['violations'] });
    return result.violations as { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
