import { createHash, randomBytes } from "node:crypto";
import { Parser } from "htmlparser2";

/** A form as a browser sees it: where it posts, its fields, and its submit buttons by accessible name. */
export interface HtmlForm {
  action: string;
  method: string;
  fields: { name: string; value: string; type: string; checked: boolean; label: string }[];
  buttons: { name: string; value: string; text: string }[];
}

export function parseForms(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  const labels = new Map<string, string>();
  let openButton: HtmlForm["buttons"][number] | null = null;
  let openLabelFor: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      const form = forms[forms.length - 1];
      if (name === "form") forms.push({ action: attributes.action ?? "", method: (attributes.method ?? "get").toLowerCase(), fields: [], buttons: [] });
      if (name === "input" && form) {
        form.fields.push({ name: attributes.name ?? "", value: attributes.value ?? "", type: attributes.type ?? "text", checked: "checked" in attributes, label: attributes.id ?? "" });
      }
      if (name === "button" && form) {
        openButton = { name: attributes.name ?? "", value: attributes.value ?? "", text: "" };
        form.buttons.push(openButton);
      }
      if (name === "label") openLabelFor = attributes.for ?? null;
    },
    ontext(text) {
      if (openButton) openButton.text += text;
      if (openLabelFor) labels.set(openLabelFor, (labels.get(openLabelFor) ?? "") + text);
    },
    onclosetag(name) {
      if (name === "button") openButton = null;
      if (name === "label") openLabelFor = null;
    },
  });
  parser.write(html);
  parser.end();
  for (const form of forms) for (const field of form.fields) field.label = labels.get(field.label)?.trim() ?? "";
  return forms;
}

/** Submits a form the way a browser does when the named button is clicked; `uncheck` clears checkboxes by value. */
export async function submitForm(baseUrl: string, form: HtmlForm, buttonText: string, uncheck: string[] = []): Promise<Response> {
  const button = form.buttons.find((candidate) => candidate.text.trim() === buttonText);
  if (!button) throw new Error(`No button named ${buttonText}; buttons: ${form.buttons.map((candidate) => candidate.text).join(", ")}`);
  const body = new URLSearchParams();
  for (const field of form.fields) {
    if (field.type === "checkbox" && (!field.checked || uncheck.includes(field.value))) continue;
    body.append(field.name, field.value);
  }
  if (button.name) body.append(button.name, button.value);
  return fetch(new URL(form.action, baseUrl), { method: form.method.toUpperCase(), body, redirect: "manual" });
}

export const CLIENT = { clientId: "test-client", clientSecret: "test-secret", redirectUris: ["http://127.0.0.1:9999/callback"] };
export const GMAIL_READONLY = "https://www.googleapis.com/auth/gmail.readonly";

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export interface SignInOptions {
  account?: string;
  scopes?: string[];
  offline?: boolean;
  includeGrantedScopes?: boolean;
  decline?: string[];
  cancel?: boolean;
  nonce?: string;
}

/** Drives the whole browser part of the flow over HTTP and returns the redirect back to the app. */
export async function authorize(baseUrl: string, options: SignInOptions = {}): Promise<{ redirect: URL; verifier: string; state: string }> {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(12).toString("hex");
  const url = new URL("/o/oauth2/v2/auth", baseUrl);
  url.search = new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: CLIENT.redirectUris[0]!,
    response_type: "code",
    scope: (options.scopes ?? ["openid", "email", "profile", GMAIL_READONLY]).join(" "),
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...(options.nonce ? { nonce: options.nonce } : {}),
    ...(options.offline === false ? {} : { access_type: "offline" }),
    ...(options.includeGrantedScopes ? { include_granted_scopes: "true" } : {}),
  }).toString();
  const chooser = await fetch(url, { redirect: "manual" });
  if (chooser.status !== 200) throw new Error(`account chooser answered ${chooser.status}`);
  const [chooserForm] = parseForms(await chooser.text());
  const consent = await submitForm(baseUrl, chooserForm!, options.account ?? "demo@example.com");
  if (consent.status !== 200) throw new Error(`consent page answered ${consent.status}`);
  const [consentForm] = parseForms(await consent.text());
  const decision = await submitForm(baseUrl, consentForm!, options.cancel ? "Cancel" : "Allow", options.decline ?? []);
  if (decision.status !== 302) throw new Error(`consent answered ${decision.status}`);
  return { redirect: new URL(decision.headers.get("location")!), verifier, state };
}

export async function postToken(baseUrl: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(new URL("/token", baseUrl), { method: "POST", body: new URLSearchParams(fields), headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function exchangeCode(baseUrl: string, code: string, verifier: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return postToken(baseUrl, {
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    redirect_uri: CLIENT.redirectUris[0]!,
    client_id: CLIENT.clientId,
    client_secret: CLIENT.clientSecret,
  });
}

/** A signed-in access token for an account, with the given scopes. */
export async function accessTokenFor(baseUrl: string, options: SignInOptions = {}): Promise<{ accessToken: string; refreshToken: string; scope: string }> {
  const { redirect, verifier } = await authorize(baseUrl, options);
  const { body } = await exchangeCode(baseUrl, redirect.searchParams.get("code")!, verifier);
  return { accessToken: body.access_token as string, refreshToken: body.refresh_token as string, scope: body.scope as string };
}
