import { type EmulatorAccount, fullName } from "../accounts";
import { type PendingRequest } from "./authorizationServer";
import { describeScope, isBasicScope } from "./scopes";
import { escapeHtml, htmlPage } from "../html";

export const CHOOSE_ACCOUNT_PATH = "/o/oauth2/v2/auth/chooseaccount";
export const CONSENT_PATH = "/o/oauth2/v2/auth/consent";


const STYLE = `
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #1f1f1f; background: #f0f4f9; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 1.5rem; padding: 2rem; }
  h1 { font-size: 1.5rem; font-weight: 400; margin: 0 0 .5rem; }
  p { line-height: 1.5; }
  ul { list-style: none; padding: 0; }
  li { margin: .5rem 0; }
  .account { display: block; width: 100%; text-align: left; padding: .75rem 1rem; font: inherit; background: #fff; border: 1px solid #c4c7c5; border-radius: .5rem; cursor: pointer; }
  .account:hover, .account:focus { background: #e9eef6; }
  .hint { color: #444746; font-size: .875rem; margin: .25rem 0 0 1rem; }
  fieldset { border: 1px solid #c4c7c5; border-radius: .5rem; padding: 1rem; }
  legend { padding: 0 .25rem; }
  label { line-height: 1.5; }
  .actions { display: flex; gap: 1rem; justify-content: flex-end; margin-top: 1.5rem; }
  .actions button { font: inherit; padding: .5rem 1.5rem; border-radius: 1.25rem; cursor: pointer; }
  .allow { background: #0b57d0; color: #fff; border: 0; }
  .cancel { background: #fff; color: #0b57d0; border: 1px solid #747775; }
  :focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
`;

const page = (title: string, content: string) => htmlPage(title, STYLE, content);

export function chooseAccountPage(request: PendingRequest, accounts: readonly EmulatorAccount[], appName: string): string {
  const items = accounts
    .map((account, index) => {
      const hintId = `account-name-${index}`;
      const hinted = request.loginHint?.toLowerCase() === account.email ? " autofocus" : "";
      return `<li><button class="account" type="submit" name="account" value="${escapeHtml(account.email)}" aria-describedby="${hintId}"${hinted}>${escapeHtml(account.email)}</button><p class="hint" id="${hintId}">${escapeHtml(fullName(account))}</p></li>`;
    })
    .join("\n");
  return page(
    "Sign in - Google Accounts",
    `<h1>Choose an account</h1>
<p>to continue to ${escapeHtml(appName)}</p>
<form method="post" action="${CHOOSE_ACCOUNT_PATH}">
<input type="hidden" name="request" value="${escapeHtml(request.id)}">
<ul aria-label="Accounts">
${items}
</ul>
</form>`,
  );
}

export function consentPage(request: PendingRequest, appName: string): string {
  const account = request.account!;
  const basic = request.scopes.filter(isBasicScope);
  const optional = request.scopes.filter((scope) => !isBasicScope(scope));
  const basicItems = [...new Set(basic.map(describeScope))].map((text) => `<li>${escapeHtml(text)}</li>`).join("\n");
  const optionalItems = optional
    .map(
      (scope, index) =>
        `<li><input type="checkbox" id="scope-${index}" name="scope" value="${escapeHtml(scope)}" checked> <label for="scope-${index}">${escapeHtml(describeScope(scope))}</label></li>`,
    )
    .join("\n");
  return page(
    `Sign in to ${appName} - Google Accounts`,
    `<h1>${escapeHtml(appName)} wants to access your Google Account</h1>
<p>Signed in as <strong>${escapeHtml(account.email)}</strong></p>
<form method="post" action="${CONSENT_PATH}">
<input type="hidden" name="request" value="${escapeHtml(request.id)}">
${basicItems ? `<p>This will allow ${escapeHtml(appName)} to:</p>\n<ul>\n${basicItems}\n</ul>` : ""}
${optionalItems ? `<fieldset>\n<legend>Select what ${escapeHtml(appName)} can access</legend>\n<ul>\n${optionalItems}\n</ul>\n</fieldset>` : ""}
<p>Make sure you trust ${escapeHtml(appName)}. You can remove its access at any time in your Google Account.</p>
<div class="actions">
<button class="cancel" type="submit" name="decision" value="cancel">Cancel</button>
<button class="allow" type="submit" name="decision" value="allow">Allow</button>
</div>
</form>`,
  );
}

export function errorPage(status: number, error: string, detail: string): string {
  return page(
    `Error ${status} (${error})`,
    `<h1>Access blocked: this request is invalid</h1>
<p><strong>Error ${status}: ${escapeHtml(error)}</strong></p>
<p>${escapeHtml(detail)}</p>`,
  );
}
