import { emailLocalPart, type User } from "./user";

/** The name shown in the user menu: first and last name, or the email prefix when the account has none. */
export function displayNameOf(user: Pick<User, "first_name" | "last_name" | "email">): string {
  const name = [user.first_name, user.last_name].map((part) => part?.trim()).filter(Boolean).join(" ");
  return name || emailLocalPart(user.email);
}

/** One or two capital letters for the avatar: first and last initials, else the email's first letter. */
export function initialsOf(user: Pick<User, "first_name" | "last_name" | "email">): string {
  const first = user.first_name?.trim().charAt(0) ?? "";
  const last = user.last_name?.trim().charAt(0) ?? "";
  const initials = `${first}${last}` || user.email.trim().charAt(0);
  return initials.toUpperCase() || "?";
}
