import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { LandingView } from "./LandingView";
import { EarlyAccessForm } from "./EarlyAccessForm";

const meta = {
  title: "Pages/Landing",
  component: LandingView,
  args: { earlyAccess: <EarlyAccessForm formKey={0} submitting={false} onSubmit={fn()} /> },
} satisfies Meta<typeof LandingView>;

export default meta;

export const Default: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const step of ["Connect Gmail", "AI analysis", "Smart dashboard"]) {
      await expect(canvas.getByRole("heading", { name: step })).toBeInTheDocument();
    }
    await expect(canvas.getByText(/Real-time deal alerts/)).toBeInTheDocument();
    await expect(canvas.getByText(/Auto-fill coupon codes/)).toBeInTheDocument();
    await expect(canvas.getByRole("form", { name: "Early access" })).toBeInTheDocument();
  },
};
