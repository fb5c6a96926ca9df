/// <reference lib="dom" />
/** Opening a `replay --html` page in chromium (playwright-core). */
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';

/** Open a replay page and wait until it has inflated its steps and shown the first (body[data-step] is set then). */
export async function openReplay(page: Page, file: string): Promise<void> {
  await page.goto(pathToFileURL(file).href);
  await page.waitForSelector('body[data-step]', { timeout: 10_000 });
}
