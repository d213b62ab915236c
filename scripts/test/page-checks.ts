import { join } from "node:path";
import axe from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** A phone's width: every back-office page must be usable there without scrolling sideways. */
export const PHONE = { width: 390, height: 844 };

/** Fails on any serious or critical axe-core violation of the page as it is now, naming each. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  await page.evaluate(axe.source);
  const { violations, passed } = await page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] });
    return {
      violations: results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      passed: results.passes.length,
    };
  });
  expect(violations, `axe-core on ${name}`).toEqual([]);
  // The rules did run (contrast, labels, landmarks ...): an empty page would pass nothing.
  expect(passed, `axe-core rules passed on ${name}`).toBeGreaterThan(10);
}

/**
 * Fails when the page as it is now, laid out 390 px wide, is wider than the screen or breaks a word of a table cell
 * across lines; then lays it out as before.
 */
export async function expectFitsAPhone(page: Page, name: string): Promise<void> {
  const before = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
  // A table scrolls inside its own box; squeezed to fit instead, its cells would break words a letter a line. A word
  // may wrap at its hyphens (p-demo-1), never inside a part.
  const broken = await page.evaluate(() => {
    const found: string[] = [];
    for (const cell of Array.from(document.querySelectorAll("td"))) {
      const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode() as Text | null; text; text = texts.nextNode() as Text | null)
        for (const part of text.data.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(text, part.index);
          range.setEnd(text, part.index + part[0].length);
          if (new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size > 1) found.push(part[0]);
        }
    }
    return found;
  });
  await page.setViewportSize(before);
  expect(widths, `${name} at ${PHONE.width} px: scroll widths`).toEqual({ page: PHONE.width, body: PHONE.width });
  expect(broken, `${name} at ${PHONE.width} px: words broken across lines in table cells`).toEqual([]);
}

/** Checks the page (axe-core, a phone's width) and photographs it into `dir`. */
export async function shoot(page: Page, dir: string, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await expectAccessible(page, name);
  await expectFitsAPhone(page, name);
  await page.screenshot({ path: join(dir, `${name}.png`), ...options });
}
