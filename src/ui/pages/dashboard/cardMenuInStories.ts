import { userEvent, within } from "storybook/test";

/** Opens a deal card's menu ("More actions: <title>") as a person does, for a story's play function; gives the menu. */
export async function openCardMenu(canvasElement: HTMLElement, title: string) {
  const canvas = within(canvasElement);
  await userEvent.click(canvas.getByRole("button", { name: `More actions: ${title}` }));
  return within(canvas.getByRole("menu", { name: `More actions: ${title}` }));
}
