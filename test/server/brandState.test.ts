import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorCodec, BrandToggleCodec, DashboardCodec, SettingsCodec } from "../../src/contract";
import { DATABASES, api, decode, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";

/** A well-formed id that no row has. */
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

/**
 * PUT /brands/:id/state sets a brand to the state asked for: asked again, or by two tabs at once, it ends as asked,
 * where POST /api/toggle_brand/:id (the spec's flip, which stays) would flip it back.
 */
describe.each(DATABASES)("PUT /brands/:id/state, on %s", (database) => {
  let stack: Stack;
  let token: string;
  let otherToken: string;
  let brandId: string;

  beforeAll(async () => {
    stack = await startStack({ database, env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0" }, emulator: { quotaUnitsPerMinute: 0 } });
    token = (await signUpWithGmail(stack, "demo@example.com")).access_token;
    await waitForSync(stack, token);
    otherToken = (await signUpWithGmail(stack, "new.user@example.com")).access_token;
    brandId = (await dashboard()).deals[0]!.brandId;
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  const dashboard = async () => decode(DashboardCodec, (await api(stack, "GET", "/dashboard-products", { token })).body);
  const isActive = async (id: string) =>
    decode(SettingsCodec, (await api(stack, "GET", "/settings", { token })).body).data.brands.find((brand) => brand.id === id)?.isActive;
  const setState = (active: unknown, id = brandId, as = token) => api(stack, "PUT", `/brands/${id}/state`, { token: as, body: { active } });

  it("hides the brand, and asked again keeps it hidden; its deals leave the dashboard at once", async () => {
    for (let time = 0; time < 2; time++) {
      const answer = await setState(false);
      expect(answer.status).toBe(200);
      expect(decode(BrandToggleCodec, answer.body)).toMatchObject({ status: "success", is_active: false });
      expect(await isActive(brandId)).toBe(false);
    }
    expect((await dashboard()).deals.some((deal) => deal.brandId === brandId)).toBe(false);
  });

  it("shows it again, and asked again keeps it shown", async () => {
    for (let time = 0; time < 2; time++) {
      expect(decode(BrandToggleCodec, (await setState(true)).body).is_active).toBe(true);
    }
    expect(await isActive(brandId)).toBe(true);
    expect((await dashboard()).deals.some((deal) => deal.brandId === brandId)).toBe(true);
  });

  it("ends as asked when two tabs hide the brand at once, where two flips would have shown it again", async () => {
    const answers = await Promise.all([setState(false), setState(false)]);
    expect(answers.map((answer) => decode(BrandToggleCodec, answer.body).is_active)).toEqual([false, false]);
    expect(await isActive(brandId)).toBe(false);
    // The flip, for comparison: two presses at once leave the brand as it was.
    await Promise.all([api(stack, "POST", `/api/toggle_brand/${brandId}`, { token }), api(stack, "POST", `/api/toggle_brand/${brandId}`, { token })]);
    expect(await isActive(brandId)).toBe(false);
    await setState(true);
  });

  it.each([
    ["no body", undefined],
    ["a string", { active: "false" }],
    ["a number", { active: 0 }],
    ["null", { active: null }],
    ["another field beside it", { active: false, brand: "x" }],
    ["another field instead", { isActive: false }],
  ])("refuses %s with a 400 that says what to send, changing nothing", async (_name, body) => {
    const answer = await api(stack, "PUT", `/brands/${brandId}/state`, { token, body });
    expect(answer.status).toBe(400);
    expect(decode(ApiErrorCodec, answer.body).message).toContain('{"active": false}');
    expect(await isActive(brandId)).toBe(true);
  });

  it("says 400 for an id that is no id, 404 for a brand the user does not have, and 401 without a session", async () => {
    expect(decode(ApiErrorCodec, (await setState(false, "not-an-id")).body).code).toBe("invalid_brand_id");
    expect(decode(ApiErrorCodec, (await setState(false, NO_SUCH_ID)).body).code).toBe("brand_not_found");
    // Another person's brand does not exist for them, and stays as it was.
    const theirs = await setState(false, brandId, otherToken);
    expect({ status: theirs.status, code: decode(ApiErrorCodec, theirs.body).code }).toEqual({ status: 404, code: "brand_not_found" });
    expect(await isActive(brandId)).toBe(true);
    expect((await api(stack, "PUT", `/brands/${brandId}/state`, { body: { active: false } })).status).toBe(401);
  });
});
