/**
 * axe-core in the page under test: the WCAG 2.2 A/AA rules the accessibility tests run, and each
 * violation as one line that says where it is. Not a test file itself.
 */
import axe from "axe-core";
import type { BrowserContext, Page } from "playwright-core";

export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** One line per element axe found in violation, with everything needed to find it again. */
export function describeViolations(results: axe.AxeResults, where: string): string[] {
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} at ${node.target.join(" ")} on ${where}: ${violation.help}` +
        (node.failureSummary ? ` (${node.failureSummary.replace(/\s+/g, " ").trim()})` : ""),
    ),
  );
}

/**
 * Runs axe on the page as it is now (injected once per document): the WCAG tags' rules, or only
 * `rules` when given. Answers the violations, one line each, naming `where`.
 */
export async function axeViolations(page: Page, where: string, rules?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const options: axe.RunOptions = {
    runOnly: rules ? { type: "rule", values: rules } : { type: "tag", values: wcagTags },
    resultTypes: ["violations"],
  };
  const results = await page.evaluate(
    (runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions),
    options,
  );
  return describeViolations(results, where);
}

/**
 * Turns off CSS transitions and animations in every document `target` loads from now on, so axe
 * measures colours as they end, not in the middle of a transition.
 */
export async function withoutTransitions(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const style = document.createElement("style");
      style.textContent =
        "*, *::before, *::after { transition: none !important; animation: none !important; }";
      document.head.append(style);
    });
  });
}
