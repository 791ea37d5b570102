import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import type { EmailPreferences } from "../../../application/ports/emailSettings";
import { EmailSettingsCard } from "./EmailSettings";
import { MOBILE } from "./fixtures";

const PREFERENCES: EmailPreferences = {
  weeklyReport: true,
  reportWeekday: 1,
  reportHour: 8,
  timeZone: "Europe/Berlin",
  expiryReminders: true,
  reminderLeadDays: 1,
  dealAlerts: true,
  emailsStopped: null,
};
const ZONES = ["America/New_York", "Asia/Tokyo", "Europe/Berlin", "Europe/London"];
const ready = (preferences: Partial<EmailPreferences> = {}, testReport: { kind: "idle" } | { kind: "sending" } | { kind: "sent"; message: string } | { kind: "failed"; error: string } = { kind: "idle" }) => ({
  kind: "ready" as const,
  preferences: { ...PREFERENCES, ...preferences },
  saving: false,
  testReport,
});

const meta = {
  title: "Pages/Settings/Emails",
  component: EmailSettingsCard,
  args: {
    view: ready(),
    browserTimeZone: "Europe/Berlin",
    timeZones: ZONES,
    outboxUrl: null,
    onRetry: fn(),
    onChange: fn(),
    onSendTest: fn(),
  },
} satisfies Meta<typeof EmailSettingsCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ReportOn: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Emails" })).toBeInTheDocument();
    const report = canvas.getByRole("switch", { name: "Weekly report" });
    await expect(report).toHaveAttribute("aria-checked", "true");
    await expect(canvas.getByRole("switch", { name: "Expiry reminders" })).toHaveAttribute("aria-checked", "true");
    await expect(canvas.getByLabelText("Report day")).toHaveValue("1");
    await expect(canvas.getByLabelText("Report hour")).toHaveValue("8");
    await expect(canvas.getByLabelText("Time zone")).toHaveValue("Europe/Berlin");
    await expect(canvas.queryByRole("link", { name: "Open the demo outbox" })).toBeNull();
    await expect(canvas.queryByText("Saving...")).toBeNull();
    await userEvent.selectOptions(canvas.getByLabelText("Report day"), "Friday");
    await expect(args.onChange).toHaveBeenLastCalledWith({ reportWeekday: 5 });
    await userEvent.selectOptions(canvas.getByLabelText("Report hour"), "18:00");
    await expect(args.onChange).toHaveBeenLastCalledWith({ reportHour: 18 });
    await userEvent.selectOptions(canvas.getByLabelText("Time zone"), "Asia/Tokyo");
    await expect(args.onChange).toHaveBeenLastCalledWith({ timeZone: "Asia/Tokyo" });
    await userEvent.click(report);
    await expect(args.onChange).toHaveBeenLastCalledWith({ weeklyReport: false });
    await userEvent.click(canvas.getByRole("button", { name: "Send me a test report" }));
    await expect(args.onSendTest).toHaveBeenCalled();
  },
};

export const ReportOff: Story = {
  args: { view: ready({ weeklyReport: false, expiryReminders: false }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("switch", { name: "Weekly report" })).toHaveAttribute("aria-checked", "false");
    await expect(canvas.queryByLabelText("Report day")).toBeNull();
    await expect(canvas.queryByLabelText("Report hour")).toBeNull();
    await userEvent.click(canvas.getByRole("switch", { name: "Expiry reminders" }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ expiryReminders: true });
  },
};

export const Loading: Story = {
  args: { view: { kind: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading your email settings...");
  },
};

export const LoadFailed: Story = {
  args: { view: { kind: "failed", error: "Could not load your email settings" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("Could not load your email settings");
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** A change on its way to the server: the card shows it already and stays usable. */
export const Saving: Story = {
  args: { view: { ...ready({ reportHour: 18 }), saving: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText("Report hour")).toHaveValue("18");
    await expect(canvas.getByText("Saving...")).toBeInTheDocument();
    await expect(canvas.getByRole("switch", { name: "Weekly report" })).toBeEnabled();
  },
};

export const BrowserZoneOffered: Story = {
  args: { view: ready({ timeZone: "UTC" }), browserTimeZone: "America/New_York" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // UTC is kept as a choice even though this browser's list leaves it out.
    await expect(canvas.getByLabelText("Time zone")).toHaveValue("UTC");
    await expect(canvas.getByText(/Your browser is on America\/New_York/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Use America/New_York" }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ timeZone: "America/New_York" });
  },
};

export const TestSending: Story = {
  args: { view: ready({}, { kind: "sending" }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Sending..." })).toBeDisabled();
  },
};

export const TestSent: Story = {
  args: { view: ready({}, { kind: "sent", message: "Test report sent to alice@example.com." }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent("Test report sent to alice@example.com.");
    await expect(canvas.getByRole("button", { name: "Send me a test report" })).toBeEnabled();
  },
};

export const TestFailed: Story = {
  args: { view: ready({}, { kind: "failed", error: "The test report could not be sent. Please try again." }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("The test report could not be sent. Please try again.");
    await userEvent.click(canvas.getByRole("button", { name: "Send me a test report" }));
    await expect(args.onSendTest).toHaveBeenCalled();
  },
};

export const EmailsStopped: Story = {
  args: {
    view: ready({ weeklyReport: false, expiryReminders: false, emailsStopped: { reason: "550 5.1.1 mailbox unavailable", at: "2026-11-20T09:00:00.000Z" } }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/We turned your emails off on .* because the mail server refused your address: 550 5\.1\.1 mailbox unavailable\./)).toBeInTheDocument();
    await expect(canvas.getByText(/Turning a switch back on sends them again\./)).toBeInTheDocument();
  },
};

export const DemoOutbox: Story = {
  args: { outboxUrl: "http://127.0.0.1:8025/" },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: "Open the demo outbox" });
    await expect(link).toHaveAttribute("href", "http://127.0.0.1:8025/");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener");
  },
};

/** The reminders' lead time and the deal alerts' switch. */
export const RemindersAndAlerts: Story = {
  args: { view: ready({ reminderLeadDays: 3, dealAlerts: false }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText("Remind me")).toHaveValue("3");
    await userEvent.selectOptions(canvas.getByLabelText("Remind me"), "On the day it ends");
    await expect(args.onChange).toHaveBeenLastCalledWith({ reminderLeadDays: 0 });
    const alerts = canvas.getByRole("switch", { name: "Deal alerts" });
    await expect(alerts).toHaveAttribute("aria-checked", "false");
    alerts.focus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onChange).toHaveBeenLastCalledWith({ dealAlerts: true });
  },
};

/** With the reminders off, their lead time is not asked. */
export const RemindersOff: Story = {
  args: { view: ready({ expiryReminders: false }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByLabelText("Remind me")).toBeNull();
  },
};

export const ReportOnMobile: Story = { ...ReportOn, ...MOBILE };
export const RemindersAndAlertsMobile: Story = { ...RemindersAndAlerts, ...MOBILE };
export const EmailsStoppedMobile: Story = { ...EmailsStopped, ...MOBILE };
