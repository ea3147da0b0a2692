import axe, { type AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

/** What blocks people, as axe grades it; minor and moderate findings are reviewed by hand. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** Runs axe-core inside the page as it stands and lists the serious and critical violations. */
export async function blockingViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: axe.source });
  const results = await page.evaluate(() =>
    (globalThis as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return (results as AxeResults).violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}
