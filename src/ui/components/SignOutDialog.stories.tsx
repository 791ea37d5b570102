import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { SignOutDialog } from "./SignOutDialog";
import { inDarkScheme } from "../storybook/decorators";

const meta = {
  title: "Global/Sign-out question",
  component: SignOutDialog,
  args: { signOutExtension: true, onChooseExtension: fn(), onCancel: fn(), onConfirm: fn() },
} satisfies Meta<typeof SignOutDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const DARK = { decorators: [inDarkScheme] };
/** Storybook's phone viewport. */
const PHONE = { globals: { viewport: { value: "mobile1", isRotated: false } } } as const;

const dialogIn = (canvasElement: HTMLElement) => within(canvasElement).getByRole("dialog", { name: "Log out of Deal Finder?" });

/** Asked because an extension was paired from this browser: signing it out too is ticked, and the sentence says so. */
export const SignsOutTheExtensionToo: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = dialogIn(canvasElement);
    await expect(dialog).toHaveAccessibleDescription(
      "You connected the Deal Finder browser extension from this browser. The extension is signed out too: it stops showing your codes at checkouts until you connect it again.",
    );
    const inDialog = within(dialog);
    const choice = inDialog.getByRole("checkbox", { name: "Also sign out the browser extension" });
    await expect(choice).toBeChecked();
    await expect(choice).toHaveFocus();
    await expect(choice).toHaveAccessibleDescription(/stops showing your codes/);
    await userEvent.keyboard(" ");
    await expect(args.onChooseExtension).toHaveBeenLastCalledWith(false);
    await userEvent.click(inDialog.getByRole("button", { name: "Log out" }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(inDialog.getByRole("button", { name: "Cancel" }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

/** The person unticked it: the extension stays, and the sentence now says that instead. */
export const KeepsTheExtension: Story = {
  args: { signOutExtension: false },
  play: async ({ canvasElement, args }) => {
    const inDialog = within(dialogIn(canvasElement));
    const choice = inDialog.getByRole("checkbox", { name: "Also sign out the browser extension" });
    await expect(choice).not.toBeChecked();
    await expect(inDialog.getByText(/stays signed in and keeps showing your codes/)).toHaveAttribute("aria-live", "polite");
    await userEvent.click(choice);
    await expect(args.onChooseExtension).toHaveBeenLastCalledWith(true);
    await userEvent.click(inDialog.getByRole("button", { name: "Cancel" }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

export const SignsOutTheExtensionTooDark: Story = { ...SignsOutTheExtensionToo, ...DARK };
export const KeepsTheExtensionDark: Story = { ...KeepsTheExtension, ...DARK };
export const SignsOutTheExtensionTooPhone: Story = { ...SignsOutTheExtensionToo, ...PHONE };
export const KeepsTheExtensionPhoneDark: Story = { ...KeepsTheExtension, ...PHONE, ...DARK };
