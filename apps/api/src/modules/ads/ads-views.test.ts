import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ads } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { signUpUser } from "../auth/auth-test-kit.ts";
import { createPublished, validBodies } from "./ads-test-kit.ts";

// Its own file: the test closes the app, which no other test of a file could use afterwards.
let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => {
  await harness.database.close();
});

describe("views at shutdown", () => {
  it("[P4.7] writes the views still pending when the app closes", async () => {
    const ad = await createPublished(harness, await signUpUser(harness), (await validBodies(harness)).car);
    const viewed = await harness.app.inject({ method: "POST", url: `/api/ads/${ad.id}/view` });
    expect(viewed.json()).toEqual({ views: 1, isCounted: true });
    const storedViews = async () =>
      (await harness.database.db.select({ views: ads.views }).from(ads).where(eq(ads.id, ad.id)))[0]?.views;
    expect(await storedViews()).toBe(0);
    await harness.app.close();
    expect(await storedViews()).toBe(1);
  });
});
