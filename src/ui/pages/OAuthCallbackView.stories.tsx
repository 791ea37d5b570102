import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { OAuthCallbackView } from "./OAuthCallbackView";
import { OAUTH_MESSAGES, oauthErrorMessage } from "../../domain/oauthCallback";

const meta = {
  title: "Pages/OAuth callback",
  component: OAuthCallbackView,
  args: { view: { kind: "loading" } },
  parameters: { path: "/oauth-callback" },
} satisfies Meta<typeof OAuthCallbackView>;

export default meta;
type Story = StoryObj<typeof meta>;

const success = (message: string): Story => ({
  args: { view: { kind: "success", message } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Success!" })).toBeInTheDocument();
    await expect(canvas.getByText(message)).toBeInTheDocument();
  },
});

const failure = (message: string): Story => ({
  args: { view: { kind: "error", message } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Oops!" })).toBeInTheDocument();
    await expect(canvas.getByRole("alert")).toHaveTextContent(message);
    await expect(canvas.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/login");
    await expect(canvas.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  },
});

export const Loading: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { name: "Completing Sign-In" })).toBeInTheDocument();
  },
};

export const SignedIn = success("Welcome back Alice!");
export const SignedUp = success("Welcome Alice! Your account has been created with Google.");
export const Linked = success("Your Google account has been successfully linked!");
export const GmailConnected = success(OAUTH_MESSAGES.gmailConnected);

export const InvalidState = failure(oauthErrorMessage("invalid_state", null));
export const AuthorizationFailed = failure(oauthErrorMessage("authorization_failed", null));
export const UserNotFound = failure(oauthErrorMessage("user_not_found", null));
export const AlreadyLinked = failure(oauthErrorMessage("already_linked", null));
export const EmailMismatch = failure(oauthErrorMessage("email_mismatch", null));
export const GoogleAccountInUse = failure(oauthErrorMessage("google_account_in_use", null));
export const LinkingFailed = failure(oauthErrorMessage("linking_failed", null));
export const SigninFailed = failure(oauthErrorMessage("signin_failed", null));
export const OAuthErrorWithMessage = failure(oauthErrorMessage("oauth_error", "access_denied"));
export const OAuthErrorWithoutMessage = failure(oauthErrorMessage("oauth_error", null));
export const UnknownCodeWithMessage = failure(oauthErrorMessage("mystery", "Something specific went wrong"));
export const UnknownCodeWithoutMessage = failure(oauthErrorMessage("mystery", null));
export const NoTokens = failure(OAUTH_MESSAGES.noTokens);
export const CompletionFailed = failure(OAUTH_MESSAGES.completionFailed);
export const NoSuccessStatus = failure(OAUTH_MESSAGES.noSuccessStatus);
export const Unexpected = failure(OAUTH_MESSAGES.unexpected);
