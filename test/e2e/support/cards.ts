import type { Locator, Page } from "playwright-core";

/**
 * A deal card's secondary actions (Details, Remind me, Used it, Didn't work, Hide brand) sit behind its menu button,
 * "More actions: <title>"; these open it and choose an item, as a person does.
 */

/** The card whose title has this deal's id ("deal-<id>"). */
export const cardOfDeal = (page: Page, dealId: string): Locator => page.locator("article", { has: page.locator(`[id="deal-${dealId}"]`) });

/** The card's menu button. */
export const cardMenuButton = (card: Locator): Locator => card.getByRole("button", { name: /^More actions: / });

/** An item of the card's open menu, by its name ("Details", "Used it", "Hide brand <brand>"...). */
export function cardMenuItem(card: Locator, name: string): Locator {
  const menu = card.getByRole("menu");
  return menu.getByRole("menuitem", { name, exact: true }).or(menu.getByRole("menuitemcheckbox", { name, exact: true }));
}

/** Opens the card's menu and chooses the item of that name. */
export async function chooseInCardMenu(card: Locator, name: string): Promise<void> {
  await cardMenuButton(card).click();
  await cardMenuItem(card, name).click();
}

/** Whether a toggle of the card's menu ("Used it", "Remind me"...) is on; the menu is closed again after. */
export async function cardMenuChecked(card: Locator, name: string): Promise<boolean> {
  await cardMenuButton(card).click();
  const checked = (await cardMenuItem(card, name).getAttribute("aria-checked")) === "true";
  await card.page().keyboard.press("Escape");
  return checked;
}
