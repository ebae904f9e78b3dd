/**
 * The dashboard's catalogue section in the browser (S2.8): an editor finds a mark, opens its models,
 * renames one and gives it an alias; the public search finds the model by that alias under its new
 * name, and the editor's action history lists the `catalogue.edit` entry.
 *
 * Its own server: catalogue edits are site-wide (the search of every other file would see them).
 */
import { signInStaff } from "./ad-seed.ts";
import { collectConsoleErrors } from "./browser.ts";
import { describe, expect, poll, startOwnServer, test, waitForHydration } from "./fixtures.ts";

interface SearchAnswer {
  items: { type: string; mark: { slug: string }; model: { slug: string; name: string } | null }[];
}

describe("dashboard: catalogue", () => {
  test("[S2.8] an editor renames a model, adds an alias and a new make; search finds them and the history lists the edits", {
    timeout: 180_000,
  }, async ({ browser }) => {
    const server = await startOwnServer();
    try {
      const editor = await signInStaff(server, "editor");
      const { hostname } = new URL(server.url);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies(editor.cookies.map((cookie) => ({ ...cookie, domain: hostname })));
      const page = await context.newPage();
      // The taken slug answers 409, which the browser logs.
      const errors = collectConsoleErrors(page, [/status of 409/]);
      const open = async (target: string) => {
        await page.goto(`${server.url}${target}`, { waitUntil: "networkidle" });
        await waitForHydration(page);
      };
      const search = async (q: string) =>
        (await (
          await fetch(`${server.url}/api/catalog/search?kind=car&q=${encodeURIComponent(q)}`)
        ).json()) as SearchAnswer;
      const alias = "xyzzyqa";
      expect((await search(alias)).items).toEqual([]);

      await open("/dashboard/catalogue");
      await page.getByTestId("catalogue-search").fill("тойот");
      const marks = page.locator('[data-testid="catalogue-mark"]');
      await poll(() => marks.count()).toBe(1);
      await page
        .locator('[data-testid="catalogue-mark"][data-slug="toyota"]')
        .getByTestId("catalogue-mark-open")
        .click();

      const model = page.locator('[data-testid="catalogue-model"][data-slug="camry"]');
      await model.waitFor();
      await model.getByTestId("catalogue-model-edit").click();
      const form = page.getByTestId("catalogue-form");
      await form.waitFor();
      await form.getByTestId("catalogue-name").fill("Camry Test");
      const aliases = form.getByTestId("catalogue-aliases");
      await aliases.fill(alias);
      await aliases.press("Enter");
      await form.getByTestId("catalogue-save").click();
      await poll(() => page.getByTestId("catalogue-form").count()).toBe(0);
      await poll(() => page.getByTestId("toast").filter({ hasText: "Сохранено" }).count()).toBe(1);
      // The list shows the new name once reloaded.
      await poll(() => model.getByTestId("catalogue-model-open").textContent()).toContain("Camry Test");

      // The public search finds the model by its new alias, under its new name.
      const found = (await search(alias)).items;
      expect(found.map((item) => [item.type, item.mark.slug, item.model?.slug, item.model?.name])).toEqual([
        ["model", "toyota", "camry", "Camry Test"],
      ]);

      // A make new to the catalogue: added with its Cyrillic name, listed, found by the public search.
      await page.getByTestId("catalogue-search").fill("");
      await page.getByTestId("catalogue-add-mark").click();
      await form.waitFor();
      await form.getByTestId("catalogue-name").fill("Kyrgyzavto");
      await form.getByTestId("catalogue-name-cyrillic").fill("Кыргызавто");
      // A slug another make has is refused beside the field; the form keeps what was typed.
      await form.getByTestId("catalogue-slug").fill("zeekr");
      await form.getByTestId("catalogue-save").click();
      await poll(() => form.textContent()).toContain("Такой адрес (slug) уже занят");
      expect(await form.getByTestId("catalogue-name-cyrillic").inputValue()).toBe("Кыргызавто");
      await form.getByTestId("catalogue-slug").fill("kyrgyzavto");
      await form.getByTestId("catalogue-save").click();
      await poll(() => page.getByTestId("catalogue-form").count()).toBe(0);
      await poll(() => page.getByTestId("toast").filter({ hasText: "Добавлено" }).count()).toBe(1);
      await page.locator('[data-testid="catalogue-mark"][data-slug="kyrgyzavto"]').waitFor();
      expect((await search("кыргызавто")).items.map((item) => [item.type, item.mark.slug])).toEqual([
        ["mark", "kyrgyzavto"],
      ]);

      // The action history lists the edit and the new make.
      await open("/dashboard/history?action=catalogue.edit");
      const entries = page.locator('[data-testid="history-entry"]');
      await poll(() => entries.count()).toBe(2);
      expect(await entries.first().getAttribute("data-action")).toBe("catalogue.edit");
      expect(await entries.first().textContent()).toContain("kyrgyzavto");
      expect(await entries.nth(1).textContent()).toContain(alias);

      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await server.stop();
    }
  });
});
