import { displayFirstName, type User } from "./user";

/** The dashboard's greeting (docs/product.md, "Dashboard"). */
export function dashboardGreeting(newDealsToday: number, user: Pick<User, "first_name" | "email">): string {
  const name = displayFirstName(user);
  if (newDealsToday > 0) return `You have ${newDealsToday} new deals today, ${name}!`;
  return `Time to score some deals, ${name}!`;
}
