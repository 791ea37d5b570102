import { type GmailLabel, type Mailbox, type StoredMessage } from "./mailbox";
import { decodeBody, parseHeaderParameters, headerValue, type MimePart } from "./mime";

export type MessageFormat = "full" | "metadata" | "minimal" | "raw";

interface MessagePartBody {
  size: number;
  data?: string;
  attachmentId?: string;
}

interface MessagePart {
  partId: string;
  mimeType: string;
  filename: string;
  headers: { name: string; value: string }[];
  body: MessagePartBody;
  parts?: MessagePart[];
}

function filenameOf(part: MimePart): string {
  const disposition = parseHeaderParameters(headerValue(part.headers, "Content-Disposition"));
  const type = parseHeaderParameters(headerValue(part.headers, "Content-Type"));
  return disposition.params["filename"] ?? type.params["name"] ?? "";
}

/** Attachment ids name the part they come from, so attachments.get can find it again. */
export function attachmentIdFor(messageId: string, partId: string): string {
  return Buffer.from(`${messageId}:${partId}`).toString("base64url");
}

export function findPart(part: MimePart, partId: string): MimePart | undefined {
  if (partId === "") return part;
  let current: MimePart | undefined = part;
  for (const index of partId.split(".")) current = current?.children[Number(index)];
  return current;
}

function toMessagePart(messageId: string, part: MimePart, partId: string): MessagePart {
  const result: MessagePart = { partId, mimeType: part.mimeType, filename: filenameOf(part), headers: part.headers, body: { size: 0 } };
  if (part.children.length > 0) {
    result.parts = part.children.map((child, index) => toMessagePart(messageId, child, partId === "" ? String(index) : `${partId}.${index}`));
    return result;
  }
  const bytes = decodeBody(part);
  result.body = result.filename
    ? { size: bytes.length, attachmentId: attachmentIdFor(messageId, partId) }
    : { size: bytes.length, data: Buffer.from(bytes).toString("base64url") };
  return result;
}

/** format=metadata: the top-level type and headers only, limited to metadataHeaders when given. */
function metadataPayload(part: MimePart, metadataHeaders: readonly string[]): Pick<MessagePart, "mimeType" | "headers"> {
  const wanted = metadataHeaders.map((name) => name.toLowerCase());
  const headers = wanted.length === 0 ? part.headers : part.headers.filter((header) => wanted.includes(header.name.toLowerCase()));
  return { mimeType: part.mimeType, headers };
}

export function messageResource(message: StoredMessage, format: MessageFormat, metadataHeaders: string[]): Record<string, unknown> {
  const resource: Record<string, unknown> = {
    id: message.id,
    threadId: message.threadId,
    labelIds: [...message.labelIds],
    snippet: message.snippet,
    sizeEstimate: message.raw.length,
    historyId: String(message.historyId),
    internalDate: String(message.internalDate),
  };
  if (format === "raw") resource.raw = message.raw.toString("base64url");
  if (format === "full") resource.payload = toMessagePart(message.id, message.mime, "");
  if (format === "metadata") resource.payload = metadataPayload(message.mime, metadataHeaders);
  return resource;
}

export function labelResource(label: GmailLabel, mailbox?: Mailbox): Record<string, unknown> {
  const resource: Record<string, unknown> = { id: label.id, name: label.name, type: label.type };
  if (label.type === "user") Object.assign(resource, { messageListVisibility: "show", labelListVisibility: "labelShow" });
  if (mailbox) {
    const messages = mailbox.allMessages().filter((message) => message.labelIds.includes(label.id));
    const unread = messages.filter((message) => message.labelIds.includes("UNREAD"));
    Object.assign(resource, {
      messagesTotal: messages.length,
      messagesUnread: unread.length,
      threadsTotal: new Set(messages.map((message) => message.threadId)).size,
      threadsUnread: new Set(unread.map((message) => message.threadId)).size,
    });
  }
  return resource;
}
