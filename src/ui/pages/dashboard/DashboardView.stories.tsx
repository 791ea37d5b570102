import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, fn, userEvent, waitFor, within } from "storybook/test";
import { chipCounts, visibleDeals } from "../../../application/machines/dashboardSelectors";
import type { CopyFeedback } from "../../../application/machines/codeCopyRegion";
import type { Dashboard } from "../../../domain/dashboard";
import type { SortOrder } from "../../../domain/dealOrder";
import { NO_FILTERS, type DealFilters } from "../../../domain/dealSearch";
import type { BrandToHide } from "../../../application/machines/dashboardMachine";
import type { DealShowFilter } from "../../../domain/dealDetail";
import { DashboardView, type DashboardViewData } from "./DashboardView";
import type { DealDetailTools } from "./DealDetailLayer";
import { EMPTY_DASHBOARD, SAMPLE_DASHBOARD, SAMPLE_TODAY, sampleDeal } from "./fixtures";
import { openCardMenu } from "./cardMenuInStories";
import { inDarkScheme } from "../../storybook/decorators";

const DESKTOP = 1280;
const PHONE = 375;

/** The view is given the deals its filters let through, as the dashboard's selector gives them. */
const withFilters = (filters: DealFilters, sort: SortOrder = "ending-soon", dashboard: Dashboard = SAMPLE_DASHBOARD) => ({
  filters,
  sort,
  visibleDeals: visibleDeals(dashboard, filters, sort),
  chipCounts: chipCounts(dashboard, filters),
});
const copyOf = (status: CopyFeedback["status"], highlighted = false): CopyFeedback => ({ dealId: "d2", code: "SAFE10", status, highlighted });

/** The stories keep the view's data and actions as flat args, so each story sets only what it changes. */
interface FlatArgs extends DashboardViewData {
  onDismissFeedback: () => void;
  onRefresh: () => void;
  onRetry: () => void;
  onSelectCategory: (category: string | null) => void;
  onSearch: (text: string) => void;
  onToggleExpiring: () => void;
  onSort: (order: SortOrder) => void;
  onCopy: (dealId: string, code: string) => void;
  onHideBrand: (brand: BrandToHide, confirmFirst: boolean) => void;
  onConfirmHide: () => void;
  onCancelHide: () => void;
  onConnectGmail: () => void;
  onStartSync: () => void;
  onShowStatus?: (show: DealShowFilter) => void;
  dealDetail?: DealDetailTools;
}

/** The view as the page gives it: one object of what it shows, one of what it can ask. */
function FlatDashboardView({ onDismissFeedback, onRefresh, onRetry, onSelectCategory, onSearch, onToggleExpiring, onSort, onCopy, onHideBrand, onConfirmHide, onCancelHide, onConnectGmail, onStartSync, onShowStatus, dealDetail, ...view }: FlatArgs) {
  const actions = {
    dismissFeedback: onDismissFeedback,
    refresh: onRefresh,
    retry: onRetry,
    selectCategory: onSelectCategory,
    search: onSearch,
    toggleExpiring: onToggleExpiring,
    sort: onSort,
    copy: onCopy,
    hideBrand: onHideBrand,
    confirmHide: onConfirmHide,
    cancelHide: onCancelHide,
    connectGmail: onConnectGmail,
    startSync: onStartSync,
    ...(onShowStatus ? { showStatus: onShowStatus } : {}),
  };
  return <DashboardView view={view} actions={actions} dealDetail={dealDetail} />;
}

const meta = {
  title: "Pages/Dashboard",
  component: FlatDashboardView,
  args: {
    state: { kind: "ready", dashboard: SAMPLE_DASHBOARD },
    greeting: "You have 2 new deals today, Alice!",
    isRefreshing: false,
    today: SAMPLE_TODAY,
    feedbackFormUrl: "https://forms.gle/feedback",
    onDismissFeedback: fn(),
    viewportWidth: DESKTOP,
    ...withFilters(NO_FILTERS),
    copyFeedback: null,
    hiddenBrandIds: [],
    brandToConfirm: null,
    gmailConnected: true,
    gmailBusy: false,
    sync: { kind: "never" },
    now: SAMPLE_TODAY,
    onRefresh: fn(),
    onRetry: fn(),
    onSelectCategory: fn(),
    onSearch: fn(),
    onToggleExpiring: fn(),
    onSort: fn(),
    onCopy: fn(),
    onHideBrand: fn(),
    onConfirmHide: fn(),
    onCancelHide: fn(),
    onConnectGmail: fn(),
    onStartSync: fn(),
  },
  parameters: { path: "/dashboard" },
  decorators: [
    // The app's header sits above the dashboard; the sticky banner stops right below it.
    (Story) => (
      <>
        <div style={{ height: "4rem" }} />
        <Story />
      </>
    ),
  ],
} satisfies Meta<typeof FlatDashboardView>;

export default meta;
type Story = StoryObj<typeof meta>;

const phone = { globals: { viewport: { value: "mobile1", isRotated: false } } };

const titles = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .queryAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent);

/** The view with its filters and order kept in story state, as the dashboard machine keeps them, to try them by hand. */
function WithLiveFilters(args: FlatArgs) {
  const [filters, setFilters] = useState<DealFilters>(args.filters);
  const [sort, setSort] = useState<SortOrder>(args.sort);
  return (
    <FlatDashboardView
      {...args}
      {...withFilters(filters, sort)}
      onSort={(order) => {
        args.onSort(order);
        setSort(order);
      }}
      onSearch={(search) => {
        args.onSearch(search);
        setFilters((current) => ({ ...current, search }));
      }}
      onSelectCategory={(category) => {
        args.onSelectCategory(category);
        setFilters((current) => ({ ...current, category }));
      }}
      onToggleExpiring={() => {
        args.onToggleExpiring();
        setFilters((current) => ({ ...current, expiringOnly: !current.expiringOnly }));
      }}
    />
  );
}

export const WithDeals: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("You have 2 new deals today, Alice!");
    await expect(canvas.getByRole("link", { name: "Share your feedback" })).toHaveAttribute("href", "https://forms.gle/feedback");
    await expect(canvas.getByText(/chance to win a \$100 gift card/)).toBeInTheDocument();
    await expect(canvas.getByPlaceholderText("Search promotions, brands, or codes...")).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: /Expiring Soon/ })).toHaveTextContent("Show only these");
    await expect(canvas.getByText("+33%")).toBeInTheDocument();
    // Soonest first, undated last; an expired deal is in the Expired view, not here.
    await expect(titles(canvasElement)[0]).toBe("25% off home essentials");
    await expect(titles(canvasElement).at(-1)).toBe("20% off + free engraving");
    await expect(titles(canvasElement)).not.toContain("Free shipping this weekend");
    await expect(canvas.queryByText("Expired")).toBeNull();
    await expect(canvas.getByText("Expires in 3 days")).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Refresh" }));
    await expect(args.onRefresh).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole("button", { name: "Dismiss feedback banner" }));
    await expect(canvas.queryByRole("complementary", { name: "Feedback" })).toBeNull();
    await expect(args.onDismissFeedback).toHaveBeenCalledTimes(1);
  },
};

/** A click asks the machine to copy; the button says nothing more until the machine reports how the copy went. */
export const CopyCode: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Copy code SAFE10" }));
    await expect(args.onCopy).toHaveBeenCalledWith("d2", "SAFE10");
    await expect(canvas.getByRole("button", { name: "Copy code SAFE10" })).toHaveTextContent("Copy");
    await expect(canvas.queryByText("Copied!")).toBeNull();
  },
};

export const Copying: Story = {
  args: { copyFeedback: copyOf("copying") },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Copy code SAFE10" })).toHaveTextContent("Copy");
    await expect(within(canvasElement).queryByText("Copied!")).toBeNull();
  },
};

/** The clipboard took the code: 'Copied!' on its button, and its card marked for the first 1.5 s. */
export const CodeCopied: Story = {
  args: { copyFeedback: copyOf("copied", true) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Copied SAFE10" })).toHaveTextContent("Copied!");
    await expect(canvas.getByRole("button", { name: "Copy code BRAKES30" })).toHaveTextContent("Copy");
    await expect(canvas.getByRole("article", { name: "$30 off brake service" }).className).toMatch(/dealCardCopied/);
  },
};

export const CodeCopiedCardNoLongerMarked: Story = {
  args: { copyFeedback: copyOf("copied") },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Copied SAFE10" })).toHaveTextContent("Copied!");
    await expect(canvas.getByRole("article", { name: "$30 off brake service" }).className).not.toMatch(/dealCardCopied/);
  },
};

/** The clipboard refused: never 'Copied!'; the button says so (the toast says how to copy by hand) and can try again. */
export const CopyFailed: Story = {
  args: { copyFeedback: copyOf("failed") },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText("Copied!")).toBeNull();
    const again = canvas.getByRole("button", { name: "Copy failed: copy code SAFE10 again" });
    await expect(again).toHaveTextContent("Copy failed");
    await userEvent.click(again);
    await expect(args.onCopy).toHaveBeenCalledWith("d2", "SAFE10");
  },
};

export const HideBrand: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const menu = await openCardMenu(canvasElement, "Two months of premium, free");
    await userEvent.click(menu.getByRole("menuitem", { name: "Hide brand Cloudnook" }));
    await expect(canvas.queryByRole("menu")).toBeNull();
    await expect(args.onHideBrand).toHaveBeenCalledWith({ brandId: "brand-d5", brand: "Cloudnook" }, false);
  },
};

export const BrandHidden: Story = {
  args: { hiddenBrandIds: ["brand-d5"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Brand hidden")).toBeInTheDocument();
    // Greyed and inert: its controls are out of reach, the other cards' are not.
    await expect(canvas.getByRole("button", { name: "Copy code NOOK2FREE" }).closest("[inert]")).not.toBeNull();
    await expect(canvas.getByRole("button", { name: "Copy code SAFE10" }).closest("[inert]")).toBeNull();
  },
};

export const Filters: Story = {
  render: WithLiveFilters,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const search = canvas.getByRole("searchbox", { name: "Search deals" });
    await userEvent.type(search, "brak");
    await expect(args.onSearch).toHaveBeenLastCalledWith("brak");
    await waitFor(() => expect(titles(canvasElement)).toEqual(["$30 off brake service"]));
    await userEvent.clear(search);
    await userEvent.type(search, "rake");
    await waitFor(() => expect(canvas.getByText("No deals match your filters.")).toBeInTheDocument());
    await userEvent.clear(search);
    // Codes are searched too, as the placeholder promises.
    await userEvent.type(search, "safe10");
    await waitFor(() => expect(titles(canvasElement)).toEqual(["$30 off brake service"]));
    await userEvent.clear(search);
    await userEvent.click(canvas.getByRole("button", { name: "Home 1" }));
    await expect(args.onSelectCategory).toHaveBeenCalledWith("Home");
    await waitFor(() => expect(titles(canvasElement)).toEqual(["25% off home essentials"]));
    await userEvent.click(canvas.getByRole("button", { name: "All 7" }));
    const expiring = canvas.getByRole("button", { name: /Expiring Soon/ });
    await userEvent.click(expiring);
    await expect(expiring).toHaveTextContent("Showing only these");
    await expect(expiring).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(titles(canvasElement)).toEqual(["25% off home essentials", "15% off your first grooming"]));
    // The chips count what choosing them would show under the filter: two expiring deals, none in Automotive.
    await expect(canvas.getByRole("button", { name: "All 2" })).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Automotive 0" })).toBeInTheDocument();
  },
};

export const MoreCategories: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("button", { name: "Health 1" })).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "+2 more" }));
    await expect(canvas.getByRole("button", { name: "Health 1" })).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Travel and Local 1" })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Show less" }));
    await expect(canvas.queryByRole("button", { name: "Health 1" })).toBeNull();
  },
};

export const ExpiringFilterActive: Story = {
  args: withFilters({ ...NO_FILTERS, expiringOnly: true }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: /Expiring Soon/ })).toHaveTextContent("Showing only these");
  },
};

export const SearchFromDomain: Story = {
  args: withFilters({ ...NO_FILTERS, search: "example.com" }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("searchbox")).toHaveValue("example.com");
  },
};

export const Refreshing: Story = {
  args: { isRefreshing: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Updating...")).toBeInTheDocument();
  },
};

export const Welcome: Story = {
  args: { state: { kind: "ready", dashboard: EMPTY_DASHBOARD }, greeting: "Time to score some deals, Alice!", gmailConnected: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Welcome to Deal Finder!" })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Connect Gmail" }));
    // First what is read and kept, in the words sign-up and Settings use; Google only from there.
    const dialog = canvas.getByRole("dialog", { name: "Before you go to Google" });
    await expect(dialog).toHaveAccessibleDescription(/Only the emails in your Gmail Promotions, read-only/);
    await expect(args.onConnectGmail).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole("button", { name: "Continue to Google" }));
    await expect(args.onConnectGmail).toHaveBeenCalledTimes(1);
  },
};

/** The welcome panel's consent step on a phone, in the dark scheme, left open for review. */
export const PhoneWelcomeConsentDark: Story = {
  ...phone,
  args: { ...Welcome.args, viewportWidth: PHONE },
  decorators: [inDarkScheme],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Connect Gmail" }));
    const dialog = canvas.getByRole("dialog", { name: "Before you go to Google" });
    await expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
  },
};

export const WelcomeGmailConnected: Story = {
  args: { state: { kind: "ready", dashboard: EMPTY_DASHBOARD }, greeting: "Time to score some deals, Alice!" },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Sync Gmail now" }));
    await expect(args.onStartSync).toHaveBeenCalled();
  },
};

export const WelcomeSyncStarting: Story = {
  args: { state: { kind: "ready", dashboard: EMPTY_DASHBOARD }, greeting: "Time to score some deals, Alice!", gmailBusy: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Starting sync..." })).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { state: { kind: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading your deals...");
  },
};

export const LoadFailed: Story = {
  args: { state: { kind: "error" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Error Loading Dashboard" })).toBeInTheDocument();
    await expect(canvas.getByText("Failed to load dashboard data. Please try again.")).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Try Again" }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const PhoneWithDeals: Story = {
  ...phone,
  args: { viewportWidth: PHONE },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Every chip is shown on a phone, without the '+N more' toggle.
    await expect(canvas.getByRole("button", { name: "Travel and Local 1" })).toBeInTheDocument();
    await expect(canvas.queryByRole("button", { name: /more/ })).toBeNull();
  },
};

export const PhoneHideConfirmation: Story = {
  ...phone,
  args: { viewportWidth: PHONE, brandToConfirm: "Cloudnook" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const dialog = canvas.getByRole("alertdialog", { name: "Hide all deals from Cloudnook?" });
    await expect(within(dialog).getByRole("button", { name: "Hide brand" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await expect(args.onCancelHide).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await expect(args.onCancelHide).toHaveBeenCalledTimes(2);
    await userEvent.click(within(dialog).getByRole("button", { name: "Hide brand" }));
    await expect(args.onConfirmHide).toHaveBeenCalled();
  },
};

/** Closing the confirmation puts focus back on the card's menu button, where the hide was chosen. */
export const PhoneHideConfirmationReturnsFocus: Story = {
  ...phone,
  args: { viewportWidth: PHONE },
  render: function HideAndCancel(args) {
    const [brand, setBrand] = useState<string | null>(null);
    return <FlatDashboardView {...args} brandToConfirm={brand} onHideBrand={(deal) => setBrand(deal.brand)} onCancelHide={() => setBrand(null)} />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = "Two months of premium, free";
    const menu = await openCardMenu(canvasElement, title);
    await userEvent.click(menu.getByRole("menuitem", { name: "Hide brand Cloudnook" }));
    await waitFor(() => expect(canvas.getByRole("button", { name: "Hide brand" })).toHaveFocus());
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(canvas.getByRole("button", { name: `More actions: ${title}` })).toHaveFocus());
  },
};

export const PhoneSwipe: Story = {
  ...phone,
  args: { viewportWidth: PHONE, ...withFilters({ ...NO_FILTERS, category: "Home" }) },
  play: async ({ canvasElement, args }) => {
    const deals = within(canvasElement).getByRole("region", { name: "Deals" });
    const at = (clientX: number, clientY = 300) => [{ clientX, clientY }];
    fireEvent.touchStart(deals, { touches: at(300) });
    fireEvent.touchMove(deals, { touches: at(290) });
    await expect(canvasElement.querySelector("[aria-hidden='true'][class*='swipeIndicator']")).toBeNull();
    fireEvent.touchMove(deals, { touches: at(280) });
    await waitFor(() => expect(within(canvasElement).getByText("Automotive ›", { ignore: "" })).toBeInTheDocument());
    fireEvent.touchEnd(deals, { changedTouches: at(200) });
    await expect(args.onSelectCategory).toHaveBeenCalledWith("Automotive");
    // A slow or mostly vertical movement is not a swipe.
    fireEvent.touchStart(deals, { touches: at(100) });
    fireEvent.touchEnd(deals, { changedTouches: at(200, 360) });
    await expect(args.onSelectCategory).toHaveBeenCalledTimes(1);
    fireEvent.touchStart(deals, { touches: at(100) });
    fireEvent.touchEnd(deals, { changedTouches: at(200) });
    await expect(args.onSelectCategory).toHaveBeenLastCalledWith(null);
  },
};

export const PhoneWelcome: Story = { ...phone, args: { ...Welcome.args, viewportWidth: PHONE } };


/**
 * An empty mailbox's first run: the first sync found nothing. One sync action (no Refresh beside it), zeros without
 * "No data last month" or "±0%", and the next steps.
 */
export const EmptyMailboxFirstRun: Story = {
  args: {
    state: { kind: "ready", dashboard: EMPTY_DASHBOARD },
    greeting: "Time to score some deals, Priya!",
    sync: { kind: "ended", message: "Sync completed: 0 new deals", failed: false, nextSyncAt: "2026-11-23T10:30:00.000Z", endedWhileWatched: true },
    now: new Date("2026-11-23T10:00:00.000Z"),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Time to score some deals, Priya!");
    await expect(canvas.queryByRole("button", { name: "Refresh" })).toBeNull();
    await expect(canvas.getAllByRole("button", { name: /sync/i })).toHaveLength(1);
    await expect(canvas.queryByText("No data last month")).toBeNull();
    await expect(canvas.queryByText(/vs last month/)).toBeNull();
    // No deal ends soon: a figure, not a toggle that would only empty the list.
    await expect(canvas.queryByRole("button", { name: /Expiring Soon/ })).toBeNull();
    const steps = within(canvas.getByRole("region", { name: "While you wait" }));
    await expect(steps.getByText("Check that Gmail's Promotions tab is on.")).toBeInTheDocument();
    await expect(steps.getByRole("link", { name: "Open Gmail's inbox settings (opens in a new tab)" })).toHaveAttribute("target", "_blank");
    await expect(steps.getByRole("link", { name: "Get the extension" })).toHaveAttribute("href", "/extension");
    await expect(steps.getByText(/What a filled dashboard looks like/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Sync again now" }));
    await expect(args.onStartSync).toHaveBeenCalledTimes(1);
  },
};

export const PhoneEmptyMailboxFirstRunDark: Story = {
  ...phone,
  decorators: [inDarkScheme],
  args: { ...EmptyMailboxFirstRun.args, viewportWidth: PHONE },
  play: EmptyMailboxFirstRun.play,
};

export const PhoneLoadFailed: Story = { ...phone, args: { state: { kind: "error" }, viewportWidth: PHONE } };

/** The order is a labelled native select; choosing one tells the page (which keeps it in the URL) and re-sorts. */
export const SortByBrand: Story = {
  render: WithLiveFilters,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const sort = canvas.getByRole("combobox", { name: "Sort by" });
    await expect(sort).toHaveValue("ending-soon");
    await userEvent.selectOptions(sort, "Brand A–Z");
    await expect(args.onSort).toHaveBeenCalledWith("brand");
    // The grid follows the new order in a render of its own: both titles are waited for together.
    await waitFor(() => expect(titles(canvasElement).slice(0, 2)).toEqual(["25% off home essentials", "Two months of premium, free"]));
    await userEvent.selectOptions(sort, "Biggest saving");
    await waitFor(() => expect(titles(canvasElement)[0]).toBe("$30 off brake service"));
    // Busy only while the cards of the latest order are still to come.
    await expect(canvas.getByRole("grid")).toHaveAttribute("aria-busy", "false");
  },
};

const badgeDeals = [
  sampleDeal({ id: "b0", title: "Ends today", brand: "Aster", expirationDate: "2025-10-10" }),
  sampleDeal({ id: "b1", title: "Ends tomorrow", brand: "Birch", expirationDate: "2025-10-11" }),
  sampleDeal({ id: "b3", title: "Ends in three days", brand: "Cedar", expirationDate: "2025-10-13" }),
  sampleDeal({ id: "b9", title: "Ends later", brand: "Dune", expirationDate: "2025-10-19" }),
  sampleDeal({ id: "bn", title: "No date", brand: "Elm" }),
  sampleDeal({ id: "bx", title: "Already over", brand: "Fern", expirationDate: "2025-10-01" }),
];
const badgeDashboard: Dashboard = { ...SAMPLE_DASHBOARD, categories: [{ id: "shopping", label: "Shopping", count: 6, current: 6 }], deals: badgeDeals };

/** Expiry badges on an urgency scale; the words carry the meaning, the colour only repeats it. */
const badgeOf = (canvasElement: HTMLElement, title: string) => within(within(canvasElement).getByRole("article", { name: title })).getByText(/^(Expire|No end)/);

export const ExpiryBadges: Story = {
  args: { state: { kind: "ready", dashboard: badgeDashboard }, ...withFilters(NO_FILTERS, "ending-soon", badgeDashboard) },
  play: async ({ canvasElement }) => {
    const expected = [
      ["Ends today", "Expires today", "urgent"],
      ["Ends tomorrow", "Expires tomorrow", "urgent"],
      ["Ends in three days", "Expires in 3 days", "soon"],
      ["Ends later", "Expires in 9 days", "later"],
      ["No date", "No end date", "undated"],
    ] as const;
    for (const [title, text, urgency] of expected) {
      await expect(badgeOf(canvasElement, title)).toHaveTextContent(text);
      await expect(badgeOf(canvasElement, title).className).toMatch(new RegExp(`expiry_${urgency}`));
    }
    // The current view holds the deals a person can still use.
    await expect(within(canvasElement).queryByRole("article", { name: "Already over" })).toBeNull();
  },
};

/** The Expired view: the deals whose end date has passed, badged as such. */
export const ExpiredView: Story = {
  args: { state: { kind: "ready", dashboard: badgeDashboard }, ...withFilters({ ...NO_FILTERS, show: "expired" }, "ending-soon", badgeDashboard) },
  play: async ({ canvasElement }) => {
    await expect(titles(canvasElement)).toEqual(["Already over"]);
    await expect(badgeOf(canvasElement, "Already over")).toHaveTextContent("Expired");
    await expect(badgeOf(canvasElement, "Already over").className).toMatch(/expiry_expired/);
  },
};

const tieredDeal = sampleDeal({
  id: "tiered",
  title: "Save up to $60 on your order",
  brand: "Larkspur Outfitters",
  discount: "$10 off $50",
  promoCode: "SAVE10,SAVE25,SAVE60",
  codeConditions: [
    { code: "SAVE10", condition: "$10 off $50" },
    { code: "SAVE25", condition: "$25 off $100" },
    { code: "SAVE60", condition: "$60 off $200" },
  ],
  terms: ["Minimum spend $50", "Excludes sale items", "New customers only"],
  expirationDate: "2025-10-20",
  category: "Fashion",
});
const tieredDashboard: Dashboard = { ...SAMPLE_DASHBOARD, categories: [{ id: "fashion", label: "Fashion", count: 1, current: 1 }], deals: [tieredDeal] };

/** Each code says which spend it is for, the fine print is shown, and no single pill contradicts the tiers. */
export const TieredCodesAndFinePrint: Story = {
  args: { state: { kind: "ready", dashboard: tieredDashboard }, ...withFilters(NO_FILTERS, "ending-soon", tieredDashboard) },
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole("article", { name: "Save up to $60 on your order" }));
    const codes = card.getByRole("list", { name: "Promo codes" });
    await expect(codes).toHaveTextContent("SAVE10 · $10 off $50");
    await expect(codes).toHaveTextContent("SAVE25 · $25 off $100");
    await expect(codes).toHaveTextContent("SAVE60 · $60 off $200");
    await expect(card.getByRole("button", { name: "Copy code SAVE25" })).toBeInTheDocument();
    await expect(card.getByText(/Fine print:/).parentElement).toHaveTextContent("Minimum spend $50 · Excludes sale items · New customers only");
    // "$10 off $50" appears once, beside its code, never as the card's headline.
    await expect(card.getAllByText(/\$10 off \$50/)).toHaveLength(1);
  },
};

export const PhoneTieredCodesAndFinePrint: Story = { ...phone, args: { ...TieredCodesAndFinePrint.args, viewportWidth: PHONE }, play: TieredCodesAndFinePrint.play };

const PROXIED_MISSING = `/api/images/${"a".repeat(43)}/bWlzc2luZw`;
const imageDeals = [
  sampleDeal({ id: "own", title: "With its own image", brand: "Aster", imageUrls: [PROXIED_MISSING], category: "Home" }),
  sampleDeal({ id: "stock", title: "Without an image", brand: "Birch", category: "Pets" }),
];
const imageDashboard: Dashboard = { ...SAMPLE_DASHBOARD, categories: [{ id: "home", label: "Home", count: 1, current: 1 }, { id: "pets", label: "Pets", count: 1, current: 1 }], deals: imageDeals };

/**
 * The media area is a fixed-ratio box: the skeleton shows while the offer's image loads, and when it cannot load the
 * category's stock art takes its place, small on a tint, without the card changing height. A deal that never had an
 * image gets a shorter band.
 */
export const ImageSkeletonAndFallback: Story = {
  args: { state: { kind: "ready", dashboard: imageDashboard }, ...withFilters(NO_FILTERS, "ending-soon", imageDashboard) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const mediaOf = (title: string) => canvas.getByRole("article", { name: title }).querySelector<HTMLElement>("[data-media]")!;
    const own = mediaOf("With its own image");
    const box = own.className.split(" ")[0];
    if (own.dataset.media === "loading") {
      await expect(own.className).toMatch(/skeleton/);
      fireEvent.error(own.querySelector("img")!);
    }
    await waitFor(() => expect(mediaOf("With its own image").dataset.media).toBe("stock"));
    // The same fixed-ratio box, now tinted with small stock art: the card keeps its height.
    await expect(mediaOf("With its own image").className.split(" ")[0]).toBe(box);
    await expect(mediaOf("With its own image").className).toMatch(/mediaTint_home/);
    const band = mediaOf("Without an image");
    await expect(band.dataset.media).toBe("stock");
    await expect(band.className).toMatch(/mediaBand/);
    await expect(band.className).toMatch(/mediaTint_pets/);
  },
};

/** The sample pictures Storybook serves at image-proxy paths (src/ui/storybook/static), with their real sizes. */
const SAMPLE_PICTURES = "/api/images/storybook-sample-images-drawn-for-the-stori";
const shapeDeals = [
  sampleDeal({ id: "banner", title: "A banner wider than the card", brand: "Aster", imageUrls: [`${SAMPLE_PICTURES}/YmFubmVy`], category: "Home" }),
  sampleDeal({ id: "tall", title: "A picture taller than the card", brand: "Birch", imageUrls: [`${SAMPLE_PICTURES}/dGFsbA`], category: "Home" }),
  sampleDeal({ id: "photo", title: "A picture of the card's shape", brand: "Cedar", imageUrls: [`${SAMPLE_PICTURES}/cGhvdG8`], category: "Home" }),
];
const SAMPLE_PICTURE_SIZES: Record<string, [number, number]> = { banner: [600, 240], tall: [400, 640], photo: [600, 400] };
const shapeDashboard: Dashboard = { ...SAMPLE_DASHBOARD, categories: [{ id: "home", label: "Home", count: 3, current: 3 }], deals: shapeDeals };

/**
 * An offer's image by its shape (docs/product.md, "Deal images"): a banner is shown whole on a plain band, a tall
 * picture fills the box from its top, one of about the box's shape fills it. Each sample has a white frame, so a cut
 * edge shows.
 */
export const OfferImageShapes: Story = {
  args: { state: { kind: "ready", dashboard: shapeDashboard }, ...withFilters(NO_FILTERS, "ending-soon", shapeDashboard) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pictureOf = (title: string) => canvas.getByRole("article", { name: title }).querySelector<HTMLImageElement>("img[data-picture]")!;
    for (const deal of shapeDeals) {
      const picture = pictureOf(deal.title);
      // Where pictures are not loaded (the unit run's DOM), it is given its sample's real size and told it loaded.
      if (!picture.complete || picture.naturalWidth === 0) {
        const [width, height] = SAMPLE_PICTURE_SIZES[deal.id]!;
        Object.defineProperty(picture, "naturalWidth", { value: width });
        Object.defineProperty(picture, "naturalHeight", { value: height });
        fireEvent.load(picture);
      }
    }
    await waitFor(() => expect(pictureOf("A banner wider than the card").dataset.fit).toBe("whole"));
    await expect(pictureOf("A picture taller than the card").dataset.fit).toBe("fromTop");
    await expect(pictureOf("A picture of the card's shape").dataset.fit).toBe("fill");
  },
};

export const PhoneOfferImageShapes: Story = { ...phone, args: { ...OfferImageShapes.args, viewportWidth: PHONE }, play: OfferImageShapes.play };
