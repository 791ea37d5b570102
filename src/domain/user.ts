/** The signed-in person as the SPA stores it (docs/product.md, "User"). */
export interface User {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  gmail_connected: boolean;
}

/** The first name, or the part of the email before the @ when there is none. */
export function displayFirstName(user: Pick<User, "first_name" | "email">): string {
  const first = user.first_name?.trim();
  return first ? first : emailLocalPart(user.email);
}

export function emailLocalPart(email: string): string {
  const at = email.indexOf("@");
  return at === -1 ? email : email.slice(0, at);
}
