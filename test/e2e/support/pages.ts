/** The guest pages of the app's first part, each with the heading that shows it has rendered. */
export const GUEST_PAGES: [path: string, heading: string][] = [
  ["/", "Every deal in your inbox, in one place"],
  ["/login", "Welcome Back"],
  ["/register", "Create your account"],
  ["/oauth-callback?error=user_not_found", "Oops!"],
  ["/privacy", "Privacy and Cookie Policy"],
  ["/terms", "Terms of Service"],
  ["/no-such-page", "Page Not Found"],
];
