import type { User } from "../../src/domain/user";
import { AuthGateway, type GoogleAuthStart, type GoogleFlow, type SignOutChoice } from "../../src/application/ports/auth";
import { SessionRefreshLock, SessionStore, type Session } from "../../src/application/ports/session";
import { Navigation, type NavigateOptions } from "../../src/application/ports/platform";
import { Notifier, type ToastRequest } from "../../src/application/ports/notifications";
import { DashboardAddressBar, type HistoryStep } from "../../src/application/ports/dashboardAddress";
import { dashboardQuery, readDashboardAddress, type DashboardAddress } from "../../src/domain/dashboardAddress";

/** Every side effect the fakes saw, in order, as short readable strings the tests compare. */
export class EffectLog {
  entries: string[] = [];
  record(entry: string): void {
    this.entries.push(entry);
  }
  /** The entries recorded since the last call. */
  takeNew(): string[] {
    const taken = this.entries;
    this.entries = [];
    return taken;
  }
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** An AuthGateway whose calls stay pending until the test settles them, so a path can choose each outcome. */
export class ControlledAuthGateway extends AuthGateway {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly log: EffectLog) {
    super();
  }

  call<T>(name: string, detail = ""): Promise<T> {
    this.log.record(`call ${name}${detail}`);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(name, { resolve: resolve as (value: unknown) => void, reject });
    });
  }

  settle(name: string, outcome: { output: unknown } | { error: unknown }): void {
    const pending = this.pending.get(name);
    if (!pending) throw new Error(`No pending call to ${name}`);
    this.pending.delete(name);
    if ("output" in outcome) pending.resolve(outcome.output);
    else pending.reject(outcome.error);
  }

  startGoogleFlow(flow: GoogleFlow): Promise<GoogleAuthStart> {
    return this.call("startGoogleFlow", ` ${flow}`);
  }
  completeSignIn(tokens: string, state: string): Promise<Session> {
    return this.call("completeSignIn", ` ${tokens} ${state}`);
  }
  fetchProfile(): Promise<User | null> {
    return this.call("fetchProfile");
  }
  refresh(refreshToken: string): Promise<Session> {
    return this.call("refresh", ` ${refreshToken}`);
  }
  extensionPairedHere(): Promise<boolean> {
    return this.call("extensionPairedHere");
  }
  logout(choice: SignOutChoice): Promise<void> {
    return this.call("logout", choice.signOutExtension ? " and the extension" : "");
  }
}

/** The lock of a browser with one tab: nothing ever waits. */
export class OneTabLock extends SessionRefreshLock {
  holding<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }
}

/** The lock shared by a browser's tabs: each holder runs once the one before it has settled. */
export class TabsLock extends SessionRefreshLock {
  private last: Promise<unknown> = Promise.resolve();

  holding<T>(work: () => Promise<T>): Promise<T> {
    const run = this.last.then(work, work);
    this.last = run.catch(() => undefined);
    return run;
  }
}

export class MemorySessionStore extends SessionStore {
  user: User | null = null;
  access: string | null = null;
  refresh: string | null = null;
  returnPath: string | null = null;
  storedOAuthState: string | null = null;

  constructor(private readonly log: EffectLog) {
    super();
  }

  storedUser(): User | null {
    return this.access ? this.user : null;
  }
  accessToken(): string | null {
    return this.access;
  }
  refreshToken(): string | null {
    return this.refresh;
  }
  save(session: Session): void {
    this.log.record(`save session ${session.accessToken}`);
    this.access = session.accessToken;
    this.refresh = session.refreshToken;
    this.user = session.user;
  }
  saveUser(user: User): void {
    this.log.record(`save user ${user.email}`);
    this.user = user;
  }
  clear(): void {
    this.log.record("clear session");
    this.access = null;
    this.refresh = null;
    this.user = null;
  }
  saveOAuthState(state: string): void {
    this.log.record(`save oauth state ${state}`);
    this.storedOAuthState = state;
  }
  oauthState(): string | null {
    return this.storedOAuthState;
  }
  forgetOAuthState(): void {
    this.log.record("forget oauth state");
    this.storedOAuthState = null;
  }
  saveReturnPath(path: string): void {
    this.returnPath = path;
  }
  takeReturnPath(): string | null {
    const path = this.returnPath;
    this.returnPath = null;
    return path;
  }
}

export class RecordingNavigation extends Navigation {
  constructor(
    private readonly log: EffectLog,
    public path = "/",
  ) {
    super();
  }
  currentPath(): string {
    return this.path;
  }
  navigate(path: string, options?: NavigateOptions): void {
    const state = options?.state === undefined ? "" : ` ${JSON.stringify(options.state)}`;
    this.log.record(`navigate ${path}${state}`);
    this.path = path;
  }
  assign(url: string): void {
    this.log.record(`assign ${url}`);
  }
}

/**
 * The dashboard's address as a list of history entries: writes and Back are logged with the query they leave, and
 * `visit` is the person pressing Back or Forward, or following a link, which the dashboard hears of.
 */
export class RecordingDashboardAddressBar extends DashboardAddressBar {
  private readonly entries: string[];
  private at = 0;
  private listener: ((address: DashboardAddress) => void) | null = null;

  constructor(
    private readonly log: EffectLog,
    query = "",
  ) {
    super();
    this.entries = [query];
  }
  get query(): string {
    return this.entries[this.at]!;
  }
  read(): DashboardAddress {
    return readDashboardAddress(this.query);
  }
  write(address: DashboardAddress, step: HistoryStep): void {
    const query = dashboardQuery(address);
    this.log.record(`${step} ?${query}`);
    if (step === "push") this.entries.splice(++this.at, Infinity, query);
    else this.entries[this.at] = query;
  }
  back(): void {
    this.log.record("back");
    if (this.at > 0) this.at -= 1;
    this.listener?.(this.read());
  }
  watch(onChange: (address: DashboardAddress) => void): () => void {
    this.log.record("follow address");
    this.listener = onChange;
    return () => {
      this.listener = null;
    };
  }
  /** Back, Forward or a link: the address changes without the dashboard writing it. */
  visit(query: string): void {
    this.entries.splice(++this.at, Infinity, query);
    this.listener?.(this.read());
  }
  /** The history's entries, oldest first, and which one shows. */
  history(): { entries: string[]; at: number } {
    return { entries: [...this.entries], at: this.at };
  }
}

export class RecordingNotifier extends Notifier {
  constructor(private readonly log: EffectLog) {
    super();
  }
  notify(toast: ToastRequest): void {
    this.log.record(`toast ${toast.title}`);
  }
}

export const alice: User = {
  id: "u1",
  email: "alice@example.com",
  first_name: "Alice",
  last_name: "Smith",
  gmail_connected: true,
};

export const aliceSession: Session = { accessToken: "access-2", refreshToken: "refresh-2", user: alice };
