import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import type { AlertRulesView } from "../../../application/machines/alertRulesMachine";
import type { AlertRulesOverview } from "../../../application/ports/alertRules";
import { MAX_ALERT_RULES } from "../../../domain/alertRules";
import { AlertRulesCard } from "./AlertRules";
import { atWidth, inDarkScheme } from "../../storybook/decorators";

const OVERVIEW: AlertRulesOverview = {
  rules: [
    { id: "r1", kind: "percent", minPercent: 30, brand: null },
    { id: "r2", kind: "code", brand: "Brooks Running" },
  ],
  maxRules: MAX_ALERT_RULES,
  brands: ["Brooks Running", "Copper & Cane", "Nike"],
};
const ready = (overview: Partial<AlertRulesOverview> = {}, rest: Partial<Extract<AlertRulesView, { kind: "ready" }>> = {}): AlertRulesView => ({
  kind: "ready",
  overview: { ...OVERVIEW, ...overview },
  saving: false,
  error: null,
  ...rest,
});

const PHONE = { decorators: [atWidth(390)] };
const DESKTOP = { decorators: [atWidth(1280)] };
const PHONE_DARK = { decorators: [atWidth(390), inDarkScheme] };
const DESKTOP_DARK = { decorators: [atWidth(1280), inDarkScheme] };

const meta = {
  title: "Pages/Settings/Deal alerts",
  component: AlertRulesCard,
  args: { view: ready(), onRetry: fn(), onAdd: fn(), onRemove: fn() },
} satisfies Meta<typeof AlertRulesCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two rules; a third added with the keyboard alone, one removed. */
export const Rules: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Deal alerts" })).toBeInTheDocument();
    const list = canvas.getByRole("list", { name: "Your alerts" });
    await expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "30% or more from brands you followRemove",
      "Any code from Brooks RunningRemove",
    ]);
    await expect(canvas.getByText("2 of 10 alerts.")).toBeInTheDocument();

    // Keyboard only: choose "Any code" from Nike and add it.
    canvas.getByLabelText("Alert me about").focus();
    await userEvent.selectOptions(canvas.getByLabelText("Alert me about"), "Any code");
    await expect(canvas.queryByLabelText("At least")).toBeNull();
    await userEvent.tab();
    await expect(canvas.getByLabelText("From")).toHaveFocus();
    await userEvent.selectOptions(canvas.getByLabelText("From"), "Nike");
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Add alert" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onAdd).toHaveBeenLastCalledWith({ kind: "code", brand: "Nike" });

    await userEvent.click(canvas.getByRole("button", { name: "Remove alert: Any code from Brooks Running" }));
    await expect(args.onRemove).toHaveBeenLastCalledWith("r2");
  },
};

/** A percent rule from the brands the person follows, the form's first choice. */
export const AddPercent: Story = {
  args: { view: ready({ rules: [] }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("No alerts yet")).toBeInTheDocument();
    await expect(canvas.getByLabelText("From")).toHaveValue("");
    await userEvent.selectOptions(canvas.getByLabelText("At least"), "50% off");
    await userEvent.click(canvas.getByRole("button", { name: "Add alert" }));
    await expect(args.onAdd).toHaveBeenLastCalledWith({ kind: "percent", minPercent: 50, brand: null });
  },
};

/** The server refused the rule: its sentence is read out, and the form stays as it was. */
export const Refused: Story = {
  args: { view: ready({}, { error: "You already have that alert." }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("You already have that alert.");
  },
};

/** A change on its way: the buttons wait, and "Saving..." is announced. */
export const Saving: Story = {
  args: { view: ready({}, { saving: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Saving...")).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Add alert" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Remove alert: Any code from Brooks Running" })).toBeDisabled();
  },
};

/** As many rules as a person may keep: Add waits until one is removed. */
export const Full: Story = {
  args: {
    view: ready({ rules: Array.from({ length: MAX_ALERT_RULES }, (_, index) => ({ id: `r${index}`, kind: "percent" as const, minPercent: 10 + index * 5, brand: null })) }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Add alert" })).toBeDisabled();
    await expect(canvas.getByText(/the most you can keep/)).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { view: { kind: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading your alerts...");
  },
};

export const LoadFailed: Story = {
  args: { view: { kind: "failed", error: "Could not load your alerts" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("Could not load your alerts");
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const RulesPhone: Story = { ...Rules, ...PHONE };
export const RulesDesktop: Story = { ...Rules, ...DESKTOP };
export const RulesPhoneDark: Story = { ...Rules, ...PHONE_DARK };
export const RulesDesktopDark: Story = { ...Rules, ...DESKTOP_DARK };
export const RefusedPhoneDark: Story = { ...Refused, ...PHONE_DARK };
export const FullDesktopDark: Story = { ...Full, ...DESKTOP_DARK };
