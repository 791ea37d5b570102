import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { EarlyAccessForm } from "./EarlyAccessForm";

const meta = {
  title: "Pages/Landing/Early access form",
  component: EarlyAccessForm,
  args: { formKey: 0, submitting: false, onSubmit: fn() },
} satisfies Meta<typeof EarlyAccessForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText(/Email/)).toHaveAttribute("type", "email");
    const options = within(canvas.getByLabelText(/How often/)).getAllByRole("option").slice(1);
    await expect(options.map((option) => option.textContent)).toEqual(["Daily", "Weekly", "Monthly", "Occasionally"]);
  },
};

export const FilledAndSubmitted: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/Name/), "Ada Lovelace");
    await userEvent.type(canvas.getByLabelText(/Email/), "ada@example.com");
    await userEvent.selectOptions(canvas.getByLabelText(/How often/), "weekly");
    await userEvent.click(canvas.getByRole("button", { name: "Request Early Access" }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ name: "Ada Lovelace", email: "ada@example.com", frequency: "weekly" });
  },
};

export const SubmittedIncomplete: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/Name/), "Ada");
    await userEvent.click(canvas.getByRole("button", { name: "Request Early Access" }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ name: "Ada", email: "", frequency: "" });
  },
};

export const Sending: Story = {
  args: { submitting: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Sending..." })).toBeDisabled();
  },
};
