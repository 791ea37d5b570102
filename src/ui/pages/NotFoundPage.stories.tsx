import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { NotFoundPage } from "./NotFoundPage";

const meta = { title: "Pages/404", component: NotFoundPage, parameters: { path: "/no-such-page" } } satisfies Meta<
  typeof NotFoundPage
>;

export default meta;

export const Default: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("404")).toBeInTheDocument();
    await expect(canvas.getByRole("heading", { name: "Page Not Found" })).toBeInTheDocument();
    await expect(canvas.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    await expect(canvas.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
  },
};
