import { channelOf, type OfferChannel } from "../../../domain/offerConditions";
import { badge } from "../../components/primitives.css";
import { channelBadge } from "./ChannelBadge.css";

const LABELS: Readonly<Record<OfferChannel, string>> = { online: "Online only", inStore: "In store only", both: "Online and in store" };

/** Where the offer can be used, when its fine print says: "Online only", "In store only", or both. */
export function ChannelBadge({ terms }: { terms: readonly string[] }) {
  const channel = channelOf(terms);
  if (!channel) return null;
  return <span className={`${badge} ${channelBadge}`}>{LABELS[channel]}</span>;
}
