// What a failing journey leaves behind: a screenshot and the browser's console log (plus failed requests and
// page errors), and the server's output, under e2e/artifacts/.
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { artifactsDir, ROOT, slug } from './paths.mjs';

/**
 * Records everything the page reports: console messages, uncaught errors, failed and 4xx/5xx requests.
 * @param {import('playwright-core').Page} page
 */
export function recordConsole(page) {
  /** @type {string[]} */
  const lines = [];
  const stamp = () => new Date().toISOString().slice(11, 23);
  page.on('console', (msg) => lines.push(`${stamp()} [console.${msg.type()}] ${msg.text()}`));
  page.on('pageerror', (error) => lines.push(`${stamp()} [pageerror] ${error.stack ?? error.message}`));
  page.on('requestfailed', (request) =>
    lines.push(
      `${stamp()} [requestfailed] ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`,
    ),
  );
  page.on('response', (response) => {
    if (response.status() >= 400)
      lines.push(`${stamp()} [http ${response.status()}] ${response.request().method()} ${response.url()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) lines.push(`${stamp()} [navigated] ${frame.url()}`);
  });
  return lines;
}

/**
 * Saves the screenshot, the console log and the server log; returns their paths relative to the repo root.
 * @param {{ page: import('playwright-core').Page | null, consoleLines: string[], title: string, serverLog?: string }} input
 */
export async function saveFailureArtifacts({ page, consoleLines, title, serverLog }) {
  const dir = artifactsDir();
  const base = join(dir, `${slug(title)}-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  /** @type {string[]} */
  const saved = [];
  if (page && !page.isClosed()) {
    try {
      await page.screenshot({ path: `${base}.png`, fullPage: true, timeout: 10_000 });
      saved.push(`screenshot: ${relative(ROOT, `${base}.png`)}`);
    } catch (error) {
      saved.push(
        `screenshot: not taken (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
      );
    }
    consoleLines.push(`-- page at failure: ${page.url()}`);
  }
  writeFileSync(`${base}.console.log`, `${consoleLines.join('\n')}\n`);
  saved.push(`browser console: ${relative(ROOT, `${base}.console.log`)}`);
  if (serverLog !== undefined) {
    writeFileSync(`${base}.server.log`, serverLog);
    saved.push(`server log: ${relative(ROOT, `${base}.server.log`)}`);
  }
  return saved;
}
