import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { CodeCopyContext } from "./codeCopy";
import { DealDetailLayer, type DealDetailTools } from "./DealDetailLayer";
import { DealGrid } from "./DealGrid";
import { SAMPLE_DEALS, SAMPLE_TODAY } from "./fixtures";
import { columnsForWidth, dealImageWidth, isMobileWidth } from "./layout";
import { inDarkScheme } from "../../storybook/decorators";

const DESKTOP = 1280;
const PHONE = 390;
/** The current view's samples, soonest first as the dashboard lists them (an expired one left out). */
const deals = SAMPLE_DEALS.filter((deal) => deal.id !== "d3");

interface CardGridArgs extends DealDetailTools {
  width: number;
  onHideBrand: () => void;
}

/** The deal grid as the dashboard shows it, at a given width, with its cards' menus and Details. */
function CardGrid({ width, onHideBrand, ...tools }: CardGridArgs) {
  return (
    <div style={{ maxWidth: width, margin: "0 auto", padding: "1rem" }}>
      <h2 id="deals-title">Deals</h2>
      <input aria-label="Search deals" type="search" />
      <CodeCopyContext value={{ feedback: null, copy: fn() }}>
        <DealDetailLayer tools={tools} sheet={isMobileWidth(width)}>
          <DealGrid
            deals={deals}
            columns={columnsForWidth(width)}
            hiddenBrandIds={[]}
            today={SAMPLE_TODAY}
            imageWidth={dealImageWidth(width)}
            onHideBrand={onHideBrand}
            labelledBy="deals-title"
          />
        </DealDetailLayer>
      </CodeCopyContext>
      <button type="button">After the grid</button>
    </div>
  );
}

const meta = {
  title: "Pages/Dashboard/Deal card",
  component: CardGrid,
  args: {
    width: DESKTOP,
    onHideBrand: fn(),
    actions: { openDetail: fn(), setStatus: fn(), statusOf: (deal) => deal.status, reminderOf: (deal) => deal.remind, setReminder: fn() },
    detail: { kind: "closed" },
    undoableChange: null,
    onCloseDetail: fn(),
    onRetryDetail: fn(),
    onUndo: fn(),
    onDismissUndo: fn(),
  },
  parameters: { path: "/dashboard" },
} satisfies Meta<typeof CardGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

const phone = { globals: { viewport: { value: "mobile1", isRotated: false } } };

const focusedCell = () => document.activeElement?.closest("[role='gridcell']")?.getAttribute("data-cell") ?? null;

/**
 * The grid is one Tab stop: arrow keys move in reading order, Enter goes into a card, whose menu opens from the
 * keyboard; Escape closes the menu onto its button, Escape again goes back to the card, and Tab leaves the grid.
 */
const keyboardPlay =
  (columns: number): Story["play"] =>
  async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("searchbox", { name: "Search deals" }));
    await userEvent.tab();
    await expect(focusedCell()).toBe("0");
    await userEvent.keyboard("{ArrowRight}");
    await expect(focusedCell()).toBe("1");
    await userEvent.keyboard("{ArrowDown}");
    await expect(focusedCell()).toBe(String(1 + columns));
    await userEvent.keyboard("{Control>}{Home}{/Control}");
    await expect(focusedCell()).toBe("0");

    await userEvent.keyboard("{Enter}");
    const card = within(document.activeElement!.closest<HTMLElement>("[role='gridcell']")!);
    const title = deals[0]!.title;
    const menuButton = card.getByRole("button", { name: `More actions: ${title}` });
    while (document.activeElement !== menuButton) await userEvent.tab();
    await expect(menuButton).toHaveAttribute("aria-haspopup", "menu");
    await userEvent.keyboard("{ArrowDown}");
    const menu = within(card.getByRole("menu", { name: `More actions: ${title}` }));
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("menuitem", { name: "Details" })).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    await expect(menu.getByRole("menuitem", { name: "Show at checkout" })).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    await expect(menu.getByRole("menuitemcheckbox", { name: "Remind me" })).toHaveFocus();
    await userEvent.keyboard("{End}");
    await expect(menu.getByRole("menuitem", { name: `Hide brand ${deals[0]!.brand}` })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await expect(card.queryByRole("menu")).toBeNull();
    await expect(menuButton).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await expect(focusedCell()).toBe("0");
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "After the grid" })).toHaveFocus();

    // Details from the menu, by keyboard.
    await userEvent.click(menuButton);
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(args.actions.openDetail).toHaveBeenCalledWith(deals[0]!.id));
  };

export const Desktop: Story = { play: keyboardPlay(columnsForWidth(DESKTOP)) };
export const DesktopDark: Story = { decorators: [inDarkScheme], play: keyboardPlay(columnsForWidth(DESKTOP)) };
export const Phone: Story = { ...phone, args: { width: PHONE }, play: keyboardPlay(columnsForWidth(PHONE)) };
export const PhoneDark: Story = { ...phone, decorators: [inDarkScheme], args: { width: PHONE }, play: keyboardPlay(columnsForWidth(PHONE)) };

/** The menu open on a card, as a person sees it: Details, the cashier's view, the star, Used it, Didn't work and Hide brand. */
const openMenuPlay: Story["play"] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  const title = deals[1]!.title;
  await userEvent.click(canvas.getByRole("button", { name: `More actions: ${title}` }));
  const items = [...canvas.getByRole("menu", { name: `More actions: ${title}` }).querySelectorAll("[role^='menuitem']")];
  await expect(items.map((item) => item.textContent?.replace(/[☆★]/g, "").trim())).toEqual([
    "Details",
    "Show at checkout",
    "Remind me",
    "Used it",
    "Didn't work",
    "Hide brand",
  ]);
  // Inside the screen, whichever side the card is on.
  const box = canvas.getByRole("menu").getBoundingClientRect();
  await expect(box.left).toBeGreaterThanOrEqual(0);
  await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
};

export const MenuOpen: Story = { play: openMenuPlay };
export const MenuOpenDark: Story = { decorators: [inDarkScheme], play: openMenuPlay };
export const PhoneMenuOpen: Story = { ...phone, args: { width: PHONE }, play: openMenuPlay };
export const PhoneMenuOpenDark: Story = { ...phone, decorators: [inDarkScheme], args: { width: PHONE }, play: openMenuPlay };
