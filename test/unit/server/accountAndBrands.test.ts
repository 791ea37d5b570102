import { describe, expect, it } from "vitest";
import { AccountService } from "../../../server/application/account";
import { BrandService } from "../../../server/application/brands";
import type { DataVersions } from "../../../server/application/dataVersions";
import { SessionService } from "../../../server/application/auth/sessions";
import { GmailConnection } from "../../../server/application/gmail/gmailConnection";
import { GoogleOAuthError, type GoogleOAuth } from "../../../server/application/ports";
import type { BrandsRepository, GmailGrantsRepository, SessionsRepository, StoredGmailGrant, UserRecord, UsersRepository } from "../../../server/application/repositories";

/** The data versions port as a counter in memory; the stored one is tested on both databases in test/server/dataVersions.test.ts. */
class CountedVersions implements DataVersions {
  private readonly versions = new Map<string, number>();
  async of(userId: string): Promise<number> {
    return this.versions.get(userId) ?? 0;
  }
  async bump(userId: string): Promise<void> {
    this.versions.set(userId, (this.versions.get(userId) ?? 0) + 1);
  }
}

const NOW = new Date("2026-11-24T10:00:00Z");
const clock = { now: () => NOW };
const USER: UserRecord = { id: "u1", email: "ada@example.org", first_name: "Ada", last_name: null, gmail_connected: true, google_sub: "g1" };
const GRANT: StoredGmailGrant = {
  googleEmail: USER.email,
  scopes: ["https://www.googleapis.com/auth/gmail.readonly"],
  accessTokenEncrypted: "access",
  accessTokenExpiresAt: NOW,
  refreshTokenEncrypted: "refresh",
  grantedAt: NOW,
};

/** An account with a Gmail grant, its ports faked in memory, and a log of what happened in which order. */
function anAccount(google: { revokeFails: boolean }) {
  const events: string[] = [];
  const grants = new Map([[USER.id, GRANT]]);
  const users: UsersRepository = {
    findById: async (id) => (id === USER.id ? USER : null),
    findByGoogleSub: async () => null,
    findByEmail: async () => null,
    create: async () => USER,
    linkGoogle: async () => {},
    delete: async (id) => {
      events.push(`delete ${id}`);
      return { deals: 3, brands: 1 };
    },
  };
  const grantStore: GmailGrantsRepository = {
    save: async () => {},
    get: async (id) => grants.get(id) ?? null,
    updateAccessToken: async () => {},
    delete: async (id) => grants.delete(id),
    connectedUserIds: async () => [...grants.keys()],
  };
  const oauth: GoogleOAuth = {
    authorizationUrl: () => "https://accounts.example/auth",
    exchangeCode: async () => {
      throw new Error("not used");
    },
    refreshAccessToken: async () => {
      throw new Error("not used");
    },
    revoke: async (token) => {
      events.push(`revoke ${token}`);
      if (google.revokeFails) throw new GoogleOAuthError("Google could not be reached: ECONNREFUSED (secret detail)");
    },
  };
  const sessionStore: SessionsRepository = {
    create: async () => "s1",
    activeUser: async () => USER.id,
    end: async () => {},
    addRefreshToken: async () => {},
    rotateRefreshToken: async () => ({ kind: "invalid" }),
    markRefreshTokenDelivered: async () => true,
  };
  const sessions = new SessionService(sessionStore, users, new Uint8Array(32), clock, 900, 30);
  const gmail = new GmailConnection(grantStore, oauth, { seal: (text) => text, open: (text) => text }, clock);
  let endSync = () => {};
  const syncEnded = new Promise<void>((resolve) => (endSync = resolve));
  const syncs = {
    settled: async () => {
      await syncEnded;
      events.push("sync settled");
    },
  };
  const dataVersions = new CountedVersions();
  const logged: unknown[] = [];
  const service = new AccountService(users, sessions, gmail, syncs, dataVersions, (message, detail) => logged.push({ message, detail }));
  return { service, events, grants, dataVersions, logged, endSync };
}

describe("AccountService", () => {
  it("deletes an account once its sync has ended, revoking Gmail access first, and drops its cached dashboards", async () => {
    const account = anAccount({ revokeFails: false });
    const deletion = account.service.delete(USER.id);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(account.events).toEqual([]);
    account.endSync();
    expect(await deletion).toEqual({ deleted: { deals: 3, brands: 1 }, googleAccessRevoked: true });
    expect(account.events).toEqual(["sync settled", "revoke refresh", `delete ${USER.id}`]);
    expect(account.grants.size).toBe(0);
    expect(await account.dataVersions.of(USER.id)).toBe(1);
    expect(account.logged).toEqual([]);
  });

  it("deletes the account even when Google cannot be reached, says so, and logs the error's class only", async () => {
    const account = anAccount({ revokeFails: true });
    account.endSync();
    expect(await account.service.delete(USER.id)).toEqual({ deleted: { deals: 3, brands: 1 }, googleAccessRevoked: false });
    expect(account.events).toEqual(["sync settled", "revoke refresh", `delete ${USER.id}`]);
    expect(account.grants.size).toBe(0);
    expect(account.logged).toEqual([{ message: "Revoking Google access failed during account deletion", detail: { userId: USER.id, error: "GoogleOAuthError" } }]);
  });
});

describe("BrandService", () => {
  function brands() {
    const active = new Map([["b1", true]]);
    const store: BrandsRepository = {
      list: async () => [...active].map(([id, isActive]) => ({ id, name: "Shop", domain: "shop.example", isActive })),
      toggle: async (_userId, brandId) => {
        const was = active.get(brandId);
        if (was === undefined) return null;
        active.set(brandId, !was);
        return !was;
      },
      setActive: async (_userId, brandId, isActive) => {
        if (!active.has(brandId)) return null;
        active.set(brandId, isActive);
        return isActive;
      },
    };
    const dataVersions = new CountedVersions();
    return { service: new BrandService(store, dataVersions), dataVersions };
  }

  it("toggles a brand and drops the user's cached dashboards", async () => {
    const { service, dataVersions } = brands();
    expect(await service.toggle("u1", "b1")).toBe(false);
    expect(await service.toggle("u1", "b1")).toBe(true);
    expect(await dataVersions.of("u1")).toBe(2);
    expect(await service.list("u1")).toEqual([{ id: "b1", name: "Shop", domain: "shop.example", isActive: true }]);
  });

  it("answers null for a brand the user does not have, keeping the cached dashboards", async () => {
    const { service, dataVersions } = brands();
    expect(await service.toggle("u1", "nope")).toBeNull();
    expect(await service.setActive("u1", "nope", true)).toBeNull();
    expect(await dataVersions.of("u1")).toBe(0);
  });

  it("sets a brand to the state asked for, however often it is asked, and drops the cached dashboards", async () => {
    const { service, dataVersions } = brands();
    expect(await service.setActive("u1", "b1", false)).toBe(false);
    expect(await service.setActive("u1", "b1", false)).toBe(false);
    expect(await service.setActive("u1", "b1", true)).toBe(true);
    expect(await dataVersions.of("u1")).toBe(3);
  });
});
