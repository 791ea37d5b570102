import { parseDocument, DomUtils } from "htmlparser2";
import type { Element } from "domhandler";

/**
 * Walks Google's (the emulator's) sign-in pages over plain HTTP the way a person would click through them: pick an
 * account, untick any scope to decline, press Allow or Cancel. Answers the redirect Google sends the browser to.
 */
export interface ConsentChoice {
  account: string;
  decision?: "allow" | "cancel";
  /** Scopes whose checkbox the person unticks. */
  decline?: string[];
}

function formOf(html: string, pageUrl: string, pressButton: (button: Element) => boolean, untick: (input: Element) => boolean) {
  const document = parseDocument(html);
  for (const form of DomUtils.getElementsByTagName("form", document)) {
    const button = DomUtils.getElementsByTagName("button", form).find(pressButton);
    if (!button) continue;
    const fields = new URLSearchParams();
    for (const input of DomUtils.getElementsByTagName("input", form)) {
      const { name, type = "text", value = "on" } = input.attribs;
      if (!name) continue;
      if ((type === "checkbox" || type === "radio") && (!("checked" in input.attribs) || untick(input))) continue;
      fields.append(name, value);
    }
    if (button.attribs.name) fields.append(button.attribs.name, button.attribs.value ?? "");
    return { action: new URL(form.attribs.action ?? pageUrl, pageUrl).toString(), method: (form.attribs.method ?? "get").toLowerCase(), fields };
  }
  throw new Error(`No form with the wanted button on ${pageUrl}:\n${html.slice(0, 500)}`);
}

async function submit(form: ReturnType<typeof formOf>): Promise<Response> {
  if (form.method === "post") {
    return fetch(form.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.fields,
      redirect: "manual",
    });
  }
  const url = new URL(form.action);
  form.fields.forEach((value, key) => url.searchParams.append(key, value));
  return fetch(url, { redirect: "manual" });
}

export async function consentAtGoogle(authUrl: string, choice: ConsentChoice): Promise<string> {
  let response = await fetch(authUrl, { redirect: "manual" });
  let pageUrl = authUrl;
  for (let step = 0; step < 5; step++) {
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) return new URL(location, pageUrl).toString();
    if (response.status !== 200) throw new Error(`Google's page answered ${response.status}: ${await response.text()}`);
    const html = await response.text();
    const text = (button: Element) => DomUtils.textContent(button).trim();
    const form = formOf(
      html,
      pageUrl,
      (button) =>
        text(button) === choice.account ||
        (choice.decision === "cancel" ? text(button) === "Cancel" : text(button) === "Allow"),
      (input) => (choice.decline ?? []).includes(input.attribs.value ?? ""),
    );
    pageUrl = form.action;
    response = await submit(form);
  }
  throw new Error("Google's pages did not redirect back.");
}
