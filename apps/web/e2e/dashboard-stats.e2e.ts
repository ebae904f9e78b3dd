/**
 * Dashboard → stats in the browser (issue 17, S2.8, decision 073): an editor (the lowest role that
 * reads stats, product.md section 1) finds the section in the navigation, sees the charts with the
 * day's sign-up in them, changes the period (a new request for the shorter period) and downloads
 * the CSV (fetched with the bearer token, saved as a file). A user without a staff role gets the
 * 404 page there.
 *
 * The shared server: the test only reads stats and signs up one user of its own, so it counts
 * "at least one sign-up today", never all of them.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signInStaff } from "./ad-seed.ts";
import { axeViolations } from "./axe.ts";
import { collectConsoleErrors } from "./browser.ts";
import { describe, expect, poll, test, waitForHydration } from "./fixtures.ts";

describe("dashboard: stats", () => {
  test("[S2.8] an editor opens stats, sees charts, downloads CSV", {
    timeout: 120_000,
  }, async ({ server, page, browser, createUser, signIn, visit }) => {
    const newcomer = await createUser("stats_user");
    const editor = await signInStaff(server, "editor");
    await signIn(editor);
    const errors = collectConsoleErrors(page);

    // Russian, the unprefixed locale: the section is in the editor's dashboard navigation.
    await visit("/dashboard");
    await waitForHydration(page);
    const navLink = page
      .getByRole("navigation", { name: "Панель управления" })
      .getByRole("link", { name: "Статистика" });
    await poll(() => navLink.count()).toBe(1);
    await navLink.click();
    await page.waitForURL(/\/dashboard\/stats$/);

    // The charts: an svg each, drawn from the days (30 by default), sign-ups including today's.
    for (const id of ["ads", "signUps", "chats", "revenue"]) {
      await poll(() => page.getByTestId(`stats-chart-${id}`).locator("svg.recharts-surface").count()).toBe(1);
    }
    const signUps = page.getByTestId("stats-chart-signUps");
    // The area is drawn from the numbers: a point per day, today's (a sign-up at least) above zero.
    const area = signUps.locator("path.recharts-area-area").first();
    const heights = async () =>
      [...((await area.getAttribute("d")) ?? "").matchAll(/[ML]([\d.]+),([\d.]+)/g)].map((point) =>
        Number(point[2]),
      );
    // The area's outline: the 30 days' points, then back along the baseline.
    await poll(async () => (await heights()).length).toBeGreaterThanOrEqual(30);
    const ys = (await heights()).slice(0, 30);
    expect(ys.at(-1)).toBeLessThan(Math.max(...ys));
    expect(
      await page
        .getByTestId("stats-chart-ads")
        .locator(".recharts-xAxis .recharts-cartesian-axis-tick")
        .count(),
    ).toBeGreaterThan(2);
    const table = page.getByTestId("stats-table-signUps");
    expect(await table.locator("tbody tr").count()).toBe(30);
    const todaySignUps = Number(await table.locator("tbody tr").last().locator("td").first().textContent());
    expect(todaySignUps).toBeGreaterThanOrEqual(1);
    expect(
      Number((await page.getByTestId("stats-active-total").textContent())?.replace(/\s/g, "")),
    ).toBeGreaterThanOrEqual(0);
    // Readable without the picture: the table opens under the heading, with the day in words.
    await signUps.locator("summary").click();
    expect(await table.isVisible()).toBe(true);
    expect(await table.locator("tbody tr").last().locator("th").textContent()).toMatch(
      /^\d{1,2} [а-я]+ \d{4}$/,
    );

    // A shorter period: a new request for 7 days, the charts and tables follow, the address keeps it.
    const body = page.getByTestId("stats-body");
    const to = await body.getAttribute("data-to");
    const refetch = page.waitForResponse(
      (response) => response.url().includes("/api/dashboard/stats?") && response.status() === 200,
    );
    await page.getByTestId("stats-period").getByText("7 дней").click();
    const answer = await refetch;
    const asked = new URL(answer.url()).searchParams;
    expect(asked.get("to")).toBe(to);
    expect((Date.parse(asked.get("to") ?? "") - Date.parse(asked.get("from") ?? "")) / 86_400_000).toBe(6);
    await poll(() => table.locator("tbody tr").count()).toBe(7);
    await poll(() => body.getAttribute("data-from")).toBe(asked.get("from"));
    expect(new URL(page.url()).searchParams.get("days")).toBe("7");

    // The CSV of that period, saved as a file named by the answer.
    const download = page.waitForEvent("download");
    await page.getByTestId("stats-download").click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`unaa-stats-${asked.get("from")}-${to}.csv`);
    // The browser is the shared one (connected remotely): save the file here, then read it.
    const dir = await mkdtemp(join(tmpdir(), "stats-csv-"));
    const saved = join(dir, file.suggestedFilename());
    await file.saveAs(saved);
    const csv = await readFile(saved, "utf8");
    await rm(dir, { recursive: true, force: true });
    expect(csv.startsWith("\uFEFFdate,ads_car,ads_commercial,ads_moto,ads_uslugi,sign_ups,chats,")).toBe(
      true,
    );
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + 7);
    const header = lines[0]?.split(",") ?? [];
    const today = lines[7]?.split(",") ?? [];
    expect(today[0]).toBe(to);
    expect(Number(today[header.indexOf("sign_ups")])).toBeGreaterThanOrEqual(1);
    expect(errors).toEqual([]);

    // Without a staff role there is no stats page: the 404 page.
    const { hostname } = new URL(server.url);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      await context.addCookies(newcomer.cookies.map((cookie) => ({ ...cookie, domain: hostname })));
      const other = await context.newPage();
      const response = await other.goto(`${server.url}/dashboard/stats`, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(404);
      expect(await other.getByTestId("error-status").textContent()).toBe("404");
    } finally {
      await context.close();
    }
  });

  test("[S2.8] the stats page passes axe (WCAG 2.2 A/AA), light and dark, its tables open", async ({
    server,
    page,
    signIn,
    visit,
  }) => {
    await signIn(await signInStaff(server, "editor"));
    const found: string[] = [];
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await visit("/ky/dashboard/stats");
      await waitForHydration(page);
      await poll(() => page.locator("svg.recharts-surface").count()).toBe(4);
      for (const summary of await page.locator("summary").all()) await summary.click();
      found.push(...(await axeViolations(page, colorScheme)));
    }
    expect(found).toEqual([]);

    // On a phone the sections' strip keeps its pills narrow after the charts' chunk (which adds
    // Mantine's stylesheet again) has loaded.
    await page.setViewportSize({ width: 390, height: 844 });
    const widths = await page
      .getByRole("navigation", { name: "Башкаруу панели" })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().width));
    expect(widths.length).toBeGreaterThan(3);
    expect(Math.max(...widths)).toBeLessThan(250);
  });
});
