// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { createRoot, type Root } from "react-dom/client";
import { screen, waitFor, within, fireEvent } from "@testing-library/dom";
import { childContainer, createContainer } from "../../../src/infrastructure/container";
import { FETCH } from "../../../src/infrastructure/http/httpClient";
import { LOCAL_STORAGE, SESSION_STORAGE } from "../../../src/infrastructure/storage/localSessionStore";
import { Clock, Navigation } from "../../../src/application/ports/platform";
import { BrowserNavigation } from "../../../src/infrastructure/platform/browser";
import { ContainerProvider } from "../../../src/ui/di";
import { App } from "../../../src/ui/App";
import { ALICE, FakeApi, MemoryStorage, json } from "../support";
import { SAMPLE_DASHBOARD, SAMPLE_TODAY } from "../../../src/ui/pages/dashboard/fixtures";

/** Real navigation through the History API, except that leaving the app (to Google) is only recorded. */
class RecordingBrowserNavigation extends BrowserNavigation {
  readonly assigned: string[] = [];
  override assign(url: string): void {
    this.assigned.push(url);
  }
}

let root: Root | null = null;

afterEach(() => {
  root?.unmount();
  root = null;
  document.body.innerHTML = "";
});

function start(path: string, options: { signedIn?: boolean; oauthState?: string; routes?: (api: FakeApi) => void } = {}) {
  window.history.replaceState(null, "", path);
  const api = new FakeApi()
    .on("GET /app-config", () => json(200, { demoMode: true, feedbackFormUrl: "https://forms.example/f", outboxUrl: null }))
    .on("GET /auth/me", () => json(200, { success: true, user: ALICE }))
    .on("GET /dashboard-products", () => json(200, SAMPLE_DASHBOARD));
  options.routes?.(api);
  const localStorage = new MemoryStorage();
  const sessionStorage = new MemoryStorage();
  if (options.signedIn) {
    localStorage.setItem("authToken", "token-1");
    localStorage.setItem("refreshToken", "refresh-1");
    localStorage.setItem("user", JSON.stringify(ALICE));
  }
  if (options.oauthState) localStorage.setItem("oauth_state", options.oauthState);
  const navigation = new RecordingBrowserNavigation();
  const container = childContainer(createContainer({ apiBaseUrl: "/api", appConfig: null }));
  container.bind(FETCH).toConstantValue(api.fetch);
  container.bind(LOCAL_STORAGE).toConstantValue(localStorage);
  container.bind(SESSION_STORAGE).toConstantValue(sessionStorage);
  container.bind(Navigation).toConstantValue(navigation);
  // The sample deals' end dates are set around this day.
  container.bind(Clock).toConstantValue({ now: () => SAMPLE_TODAY });
  const element = document.createElement("div");
  document.body.appendChild(element);
  root = createRoot(element);
  // Rendered outside act(): the tests wait for what the person would see, as the browser does.
  root.render(
    <ContainerProvider container={container}>
      <App />
    </ContainerProvider>,
  );
  return { api, localStorage, sessionStorage, navigation };
}

describe("the app", () => {
  it("shows a visitor the landing page with Login and Register, and the demo badge", async () => {
    start("/");
    await screen.findByRole("heading", { name: "How it works" });
    const banner = screen.getByRole("banner");
    expect(within(banner).getByRole("link", { name: "Register" })).toBeTruthy();
    expect(within(banner).getByRole("link", { name: "Login" })).toBeTruthy();
    await within(banner).findByText("Demo mode");
  });

  it("sends a visitor from /dashboard to /login and back to /dashboard after Google sign-in", async () => {
    const { api, localStorage, sessionStorage, navigation } = start("/dashboard?category=home");
    api.on("GET /google-signin", () => json(200, { success: true, authUrl: "https://google.example/consent", state: "state-1" }));
    await screen.findByRole("heading", { name: "Welcome Back" });
    expect(window.location.pathname).toBe("/login");
    await waitFor(() => expect(document.title).toBe("Sign in · Deal Finder"));
    expect(document.activeElement?.id).toBe("main");
    fireEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    await waitFor(() => expect(navigation.assigned).toEqual(["https://google.example/consent"]));
    expect(localStorage.getItem("oauth_state")).toBe("state-1");
    expect(sessionStorage.getItem("post_login_path")).toBe("/dashboard?category=home");
  });

  it("toasts 'Error' when Google sign-up with Gmail cannot start", async () => {
    const { api } = start("/register");
    api.on("GET /google-gmail-signin", () => json(500, { success: false, code: "internal", message: "down" }));
    fireEvent.click(await screen.findByRole("button", { name: "Continue with Google" }));
    fireEvent.click(await screen.findByRole("button", { name: "Continue to Google" }));
    const toast = await screen.findByRole("alert");
    expect(toast.textContent).toContain("Error");
    expect(toast.textContent).toContain("Failed to initiate Google sign-up with Gmail");
  });

  it("sends a signed-in person from / to the dashboard, with each promo code as its own text", async () => {
    start("/", { signedIn: true });
    // The dashboard's chunk loads on demand; a busy machine needs more than the default second for it.
    await screen.findByText("SAFE10", {}, { timeout: 5_000 });
    expect(window.location.pathname).toBe("/dashboard");
    for (const code of ["EARLY25", "BRAKES30", "SPARKLE20"]) expect(screen.getByText(code).tagName).toBe("CODE");
    expect(screen.getByRole("button", { name: "Account menu for Alice Smith" }).textContent).toContain("AS");
  });

  it("keeps a signed-in person out of /register", async () => {
    start("/register", { signedIn: true });
    await screen.findByText("EARLY25", {}, { timeout: 5_000 });
    expect(window.location.pathname).toBe("/dashboard");
  });

  it("completes a Google sign-in on /oauth-callback and stores the session", async () => {
    const { api, localStorage } = start("/oauth-callback?success=true&action=signin&tokens=code-1", {
      oauthState: "state-1",
      routes: (fake) =>
        fake.on("POST /auth/complete", () =>
          json(200, { success: true, access_token: "access-9", refresh_token: "refresh-9", user: ALICE }),
        ),
    });
    await screen.findByRole("heading", { name: "Success!" });
    expect(screen.getByText("Welcome back Alice!")).toBeTruthy();
    expect(localStorage.getItem("authToken")).toBe("access-9");
    expect(api.requests.find((request) => request.url.pathname === "/api/auth/complete")?.body).toEqual({
      tokens: "code-1",
      state: "state-1",
      // The browser's zone rides along, which a sign-up keeps for its emails.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(localStorage.getItem("oauth_state")).toBeNull();
    await waitFor(() => expect(window.location.pathname).toBe("/dashboard"), { timeout: 3000 });
    await screen.findByText("EARLY25");
    expect(api.count("POST /auth/complete")).toBe(1);
  });

  it("refuses a sign-in link from a flow this browser did not start, without a request, and keeps the session", async () => {
    const { api, localStorage } = start("/oauth-callback?success=true&action=signin&tokens=someone-elses-code", { signedIn: true });
    await screen.findByRole("heading", { name: "Oops!" });
    expect(screen.getByRole("alert").textContent).toBe("Invalid authentication state. Please try signing in again.");
    expect(api.count("POST /auth/complete")).toBe(0);
    expect(localStorage.getItem("authToken")).toBe("token-1");
    expect(JSON.parse(localStorage.getItem("user")!)).toEqual(ALICE);
  });

  it("shows the server's refusal of a code from another browser's flow, and keeps the session", async () => {
    const refusal = "This sign-in was not started in this browser. Please sign in again here.";
    const { api, localStorage } = start("/oauth-callback?success=true&action=signin&tokens=someone-elses-code", {
      signedIn: true,
      oauthState: "my-abandoned-state",
      routes: (fake) => fake.on("POST /auth/complete", () => json(400, { success: false, error: refusal })),
    });
    await screen.findByRole("heading", { name: "Oops!" });
    expect(screen.getByRole("alert").textContent).toBe(refusal);
    expect(api.requests.find((request) => request.url.pathname === "/api/auth/complete")?.body).toEqual({
      tokens: "someone-elses-code",
      state: "my-abandoned-state",
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(localStorage.getItem("oauth_state")).toBeNull();
    expect(localStorage.getItem("authToken")).toBe("token-1");
    expect(JSON.parse(localStorage.getItem("user")!)).toEqual(ALICE);
  });

  it("shows the catalogue message for an OAuth error code", async () => {
    start("/oauth-callback?error=email_mismatch");
    await screen.findByRole("heading", { name: "Oops!" });
    expect(screen.getByText("Google account email must match your account email.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Try Again" }).getAttribute("href")).toBe("/login");
  });

  it("renders the 404 page for unknown paths", async () => {
    start("/no/such/page");
    await screen.findByRole("heading", { name: "Page Not Found" });
    await waitFor(() => expect(document.title).toBe("Page Not Found · Deal Finder"));
  });

  it("submits the early-access form and resets it on success", async () => {
    const { api } = start("/");
    api.on("POST /early-access", () => json(200, { success: true, message: "ok" }));
    const form = await screen.findByRole("form", { name: "Early access" });
    fireEvent.click(within(form).getByRole("button", { name: "Request Early Access" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Please fill in all required fields.");
    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: "Ada" } });
    fireEvent.change(within(form).getByLabelText(/Email/), { target: { value: "ada@example.com" } });
    fireEvent.change(within(form).getByLabelText(/How often/), { target: { value: "monthly" } });
    fireEvent.click(within(form).getByRole("button", { name: "Request Early Access" }));
    await waitFor(() => expect(document.body.textContent).toContain("Request sent successfully! We'll be in touch soon."));
    expect(api.requests.find((request) => request.url.pathname === "/api/early-access")?.body).toEqual({
      name: "Ada",
      email: "ada@example.com",
      shopping_frequency: "monthly",
    });
    const freshForm = screen.getByRole("form", { name: "Early access" });
    expect((within(freshForm).getByLabelText(/Name/) as HTMLInputElement).value).toBe("");
  });
});
