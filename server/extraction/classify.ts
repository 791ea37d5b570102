/** Tells marketing mail from transactional and personal mail. */
import { OFF_WORDS } from "./discount";

export interface ClassifyInput {
  subject: string;
  body: string;
  headers: Map<string, string>;
  hasMarkup: boolean;
  /** The sender is a person (a mailbox provider's address, or a display name that matches the address). */
  fromLooksPersonal: boolean;
}

const TRANSACTIONAL_SUBJECT = new RegExp(
  `\\b(?:${[
    "order (?:confirm\\w*|#|number|no\\.|received|update|status|shipped|delivered|cancel\\w*)",
    "your order (?:#|no\\.|number|from|is|has|was|confirm\\w*|update|status|receipt|details)",
    "your (?:receipt|invoice|bill|statement|refund|itinerary|e-?ticket|shipment)",
    "your (?:\\w+ )?statement\\b",
    "we(?:[’']ve)? (?:got|received) your (?:order|payment|request)",
    "(?:order|booking|reservation|appointment|purchase) (?:is |has been )?confirmed",
    "your (?:package|parcel|delivery|order|shipment) is (?:on (?:its|the) way|arriving|out)",
    "reminder:? (?:of |for |about )?your",
    "your (?:appointment|reservation|booking) (?:is )?(?:tomorrow|today|soon|coming up)",
    "(?:has|have|was|were|is|been) (?:shipped|delivered|dispatched)",
    "out for delivery",
    "(?:we(?:[’']re| are)|it[’']s) on (?:our|its|the) way",
    "arriving (?:today|tomorrow|on \\w+day)(?: between| by| before)",
    "delivery window",
    "(?:delivered|shipped|dispatched):",
    "tracking (?:number|info\\w*|update)",
    "receipt",
    "invoice",
    "payment (?:received|due|confirm\\w*|failed|scheduled|reminder)",
    "thanks for your (?:order|payment|purchase)",
    "(?:monthly|account|card|e-?)statement|statement (?:is )?(?:ready|available)",
    "(?:verification|login|log-in|sign-in|access|security|confirmation|one-time|2-step|authentication) code",
    "verify your",
    "confirm your (?:email|account|subscription|address)",
    "security alert",
    "new (?:sign-?in|log-?in|device)",
    "sign-?in (?:attempt|alert|link)",
    "one-time (?:passcode|password)",
    "passcode",
    "password",
    "2fa",
    "alert:",
    "transaction (?:alert|receipt)",
    "was made",
    "account (?:update|alert|notice)",
    "(?:appointment|booking|reservation|ticket) (?:confirm\\w*|reminder)",
    "you[’']re confirmed",
    "itinerary",
    "refund",
    "return (?:(?:has been|was|is) )?(?:received|label|processed|complete\\w*|approved)",
    "(?:we(?:[’']ve| have)? )?received your return",
    "subscription (?:renewed|confirm\\w*|will renew)",
    "(?:subscription|membership|plan|account) (?:has been |was |is )?(?:cancel{1,2}ed|paused|closed)|cancellation (?:confirm\\w*|request)",
    "upcoming renewal",
    "renewal (?:notice|reminder)",
    "(?:plan|subscription|membership|domain|licen[cs]e) (?:renews|will renew|is renewing|is due for renewal)",
    "autopay",
    "time to check in",
    "check-?in (?:is )?(?:now )?open",
    "boarding pass",
    "your (?:upcoming )?trip",
    // The same notices in the other languages we read.
    "(?:ihre?|deine?) (?:bestellung|rechnung|lieferung|sendung|paket|termin)",
    "bestellbest[äa]tigung|versandbest[äa]tigung|zahlungsbest[äa]tigung|sendungsverfolgung",
    "bestellung (?:eingegangen|best[äa]tigt|versandt|verschickt|zugestellt)",
    "votre (?:commande|colis|facture|livraison)|confirmation de commande|suivi de (?:colis|commande)",
    "commande (?:n°|confirm[ée]e|exp[ée]di[ée]e|livr[ée]e)",
    "(?:tu|su) (?:pedido|paquete|factura)|confirmaci[óo]n de(?:l)? pedido|seguimiento del? (?:pedido|env[íi]o)",
    "pedido (?:confirmado|enviado|entregado|entregue)",
    "il tuo (?:ordine|pacco)|la tua (?:spedizione|fattura)|conferma (?:d[’']|dell[’'])ordine",
    "ordine (?:confermato|spedito|consegnato)",
    "(?:je|uw) (?:bestelling|pakket|factuur)|orderbevestiging",
    "bestelling (?:is )?(?:bevestigd|verzonden|onderweg|bezorgd)",
    "(?:seu|o seu) pedido|(?:sua|a sua) encomenda|confirma[çc][ãa]o d[oe] pedido|nota fiscal",
    // Bookings confirmed, never a bare "your booking", which a hotel's offer says too ("Haz tu reserva").
    "buchungsbest[äa]tigung|reservierungsbest[äa]tigung|(?:buchung|reservierung) (?:ist |wurde )?best[äa]tigt",
    "confirmation de (?:votre )?r[ée]servation|r[ée]servation (?:est )?confirm[ée]e",
    "confirmaci[óo]n de (?:la |tu |su )?reserva|reserva (?:est[áa] |ha sido )?confirmada",
    "conferma (?:di|della) (?:tua )?prenotazione|prenotazione (?:è )?confermata",
    "reserveringsbevestiging|boekingsbevestiging|(?:reservering|boeking) (?:is )?bevestigd",
    "confirma[çc][ãa]o d[ae] reserva|reserva (?:est[áa] |foi )?confirmada",
    "passwort|kennwort|neue anmeldung|(?:sicherheits|best[äa]tigungs|verifizierungs)code|terminbest[äa]tigung|terminerinnerung",
    "mot de passe|code de (?:v[ée]rification|confirmation|s[ée]curit[ée])|nouvelle connexion|rendez-vous (?:demain|confirm[ée]|pr[ée]vu)",
    "contrase[ñn]a|c[óo]digo de (?:verificaci[óo]n|seguridad|confirmaci[óo]n)|nuevo inicio de sesi[óo]n|tu cita",
    "codice di (?:verifica|sicurezza|conferma)|nuovo accesso|il tuo appuntamento",
    "wachtwoord|verificatiecode|beveiligingscode|nieuwe (?:aanmelding|inlog)|(?:je|uw) afspraak",
    // Cancellations confirmed.
    "k[üu]ndigungsbest[äa]tigung|(?:abo|abonnement|mitgliedschaft) (?:wurde )?gek[üu]ndigt",
    "(?:abonnement|adh[ée]sion) (?:a [ée]t[ée] )?r[ée]sili[ée]|confirmation de r[ée]siliation",
    "(?:suscripci[óo]n|assinatura) cancelada|confirmaci[óo]n de (?:la )?cancelaci[óo]n|confirma[çc][ãa]o de cancelamento",
    "abbonamento (?:annullato|disdetto)|conferma (?:di |della )?disdetta",
    "(?:abonnement|lidmaatschap) (?:is )?opgezegd|bevestiging (?:van (?:je|uw) )?opzegging",
    // Returns and refunds.
    "r[üu]ckerstattung|erstattung|r[üu]cksendung (?:erhalten|eingegangen|bearbeitet)|retoure (?:erhalten|eingegangen|bearbeitet)",
    "remboursement|retour (?:re[çc]u|trait[ée])",
    "reembolso|devoluci[óo]n (?:recibida|procesada)|devolu[çc][ãa]o (?:recebida|processada)",
    "rimborso|reso (?:ricevuto|elaborato)",
    "terugbetaling|retour (?:ontvangen|verwerkt)",
    "senha|c[óo]digo de (?:verifica[çc][ãa]o|seguran[çc]a|confirma[çc][ãa]o)|novo (?:acesso|login)|seu agendamento",
  ].join("|")})(?:(?<=\\W)|\\b)`,
  "i",
);
/** A subject that names a price cut, a code or something free is selling, even when it also mentions an order. */
const SELLING_SUBJECT = new RegExp(
  `\\b\\d{1,2}\\s?% off|[$£€]\\s?\\d+ off|\\bsale\\b|\\bcode [A-Z0-9]{3,}|(?:\\d{1,2}\\s?%|\\d+\\s?€)\\s?(?:${OFF_WORDS})|(?:^|\\s)-\\d{1,2}\\s?%|\\b(?:gratis|gratuit[aeo]?s?|offert[es]*|cadeau|regalo|omaggio|brinde|kostenlos\\w*|versandkostenfrei|gutscheincode|rabattcode|code promo|kortingscode|codice sconto|cupom|cup[óo]n)\\b|\\bgr[áa]tis`,
  "i",
);
const TRANSACTIONAL_BODY = new RegExp(
  `\\b(?:${[
    "this is a (?:transactional|service) (?:email|message|alert)",
    "you are receiving this (?:alert|notice|email) because you (?:enrolled|requested|placed)",
    "order total",
    "order (?:number|#)",
    "tracking (?:number|#|id)|tracking:",
    "out for delivery",
    "track your (?:package|parcel|shipment|delivery)",
    "(?:your|the) (?:package|parcel|shipment) (?:is|was|has been|will be|should)",
    "no signature (?:is )?(?:needed|required)",
    "(?:safe|secure) place",
    "carrier:",
    "subtotal:?\\s*[$£€]\\s?\\d",
    "ship(?:ping)? to:",
    "total (?:charged|paid)",
    "(?:visa|mastercard|amex|discover|debit card|credit card|card) ending (?:in )?\\d{4}",
    "here(?:[’']s| is) your receipt",
    "statement balance",
    "reply \\w+ to (?:confirm|cancel)",
    "to (?:confirm|cancel|reschedule) (?:your )?(?:appointment|reservation|booking|visit)",
    "estimated delivery",
    "(?:shipping|billing) address",
    "payment method",
    "(?:amount|minimum payment) due",
    "(?:confirmation|reservation) (?:number|code)",
    "booking reference",
    "boarding pass",
    "check-in (?:is )?(?:now )?open",
    "(?:verification|login|log-in|sign-in|security|one-time) (?:pass)?code",
    "expires in \\d+ minutes",
    "reset (?:the|your) password",
    "if you didn[’']t (?:request|make)",
    "transaction alert",
    "available balance",
    "gift card (?:number|no\\.|#)",
    "pin:?\\s*\\d{4}\\b",
    "we(?:[’']ve| have) received (?:your )?(?:order|payment|request)",
    // The same notices in the other languages we read.
    "buchungsnummer|reservierungsnummer|num[ée]ro de r[ée]servation|(?:c[óo]digo|n[úu]mero) d[ae] reserva|localizador|(?:codice|numero) di prenotazione|reserveringsnummer|boekingsnummer",
    "bestellnummer|sendungsnummer|sendungsverfolgung|rechnungsadresse|lieferadresse|zahlungsart|zwischensumme",
    "voraussichtliche (?:lieferung|zustellung)|lieferung voraussichtlich|vielen dank f[üu]r (?:ihre|deine) bestellung",
    "num[ée]ro de (?:commande|suivi)|commande n°|adresse de (?:livraison|facturation)|suivi de colis|merci pour votre commande",
    "mode de paiement|sous-total|livraison pr[ée]vue",
    "n[úu]mero de (?:pedido|seguimiento)|direcci[óo]n de (?:env[íi]o|facturaci[óo]n)|gracias por (?:tu|su) (?:pedido|compra)",
    "m[ée]todo de pago|entrega estimada",
    "numero (?:d[’']|dell[’'])ordine|(?:numero|codice) di tracciamento|indirizzo di (?:spedizione|consegna|fatturazione)",
    "grazie per (?:il tuo|il suo|l[’']) ?ordine|metodo di pagamento|consegna prevista|subtotale",
    "ordernummer|bestelnummer|track (?:&|en) trace|trackingcode|bezorgadres|afleveradres|factuuradres",
    "bedankt voor (?:je|uw) bestelling|betaalmethode|verwachte (?:bezorging|levering)|subtotaal",
    "n[úu]mero do pedido|c[óo]digo de rastre(?:io|amento)|endere[çc]o de (?:entrega|cobran[çc]a)",
    "obrigad[oa] pel[ao] (?:sua |seu )?(?:compra|encomenda|pedido)|forma de pagamento|previs[ãa]o de entrega",
    "si no fuiste t[úu]|si ce n[’']?[ée]tait pas vous|wenn sie das nicht waren|waren sie das|als jij dit niet was|was jij dit niet",
    "se n[ãa]o foi voc[êe]|se non sei stato tu",
    "(?:caduca|expire|expira|scade|l[äa]uft|verloopt) (?:en|dans|em|tra|in|nach) \\d+ minut",
    "(?:restablecer|r[ée]initialiser|zur[üu]cksetzen|redefinir|reimpostare|opnieuw instellen)",
    "c[óo]digo de verificaci[óo]n|code de v[ée]rification|(?:best[äa]tigungs|verifizierungs|sicherheits)code|codice di verifica|verificatiecode|c[óo]digo de verifica[çc][ãa]o",
    "nuevo dispositivo|nouvel appareil|neue[ms]? ger[äa]t|nuovo dispositivo|nieuw apparaat|novo dispositivo",
  ].join("|")})`,
  "gi",
);
const OFFER_WORDS = /(?:\b\d{1,2}\s?% off|[$£€]\s?\d+ off|\buse code|promo code|coupon|sale|save|free shipping|bonus|deal|offer|discount|descuento|limited time|shop now)\b/gi;

/** Words of an editorial newsletter: something to read, not to buy. */
const EDITORIAL = /\b(?:read (?:more|on|the (?:full )?(?:issue|story|article|post|essay))|newsletter|in this issue|this week (?:in|on)|editor(?:'s|ial)?|articles?|essays?)\b/i;

/** Anything that sells: a price, a percentage, a code, a sale, a product or a booking. */
const COMMERCE =
  /[$£€¥₹]\s?\d|\d\s?(?:%|€|eur\b|usd\b|gbp\b)|\br\$\s?\d|\b(?:sales?|soldes|shop\w*|buy|order\w*|sav(?:e|es|ings)|deals?|offers?|discount\w*|coupons?|promo\w*|codes?|free|gifts?|bonus|new arrivals?|just (?:dropped|landed|arrived)|collections?|launch\w*|introducing|pre-?order|now available|available now|book now|reserve|tickets?|subscri\w+|upgrade|members?hip|pric(?:e|es|ing)|bestsell\w*|restock\w*|back in stock|ofertas?|descuentos?|rebajas|desconto|cupom|angebot\w*|rabatt\w*|gutschein\w*|réduction|remises?|offres?)\b/i;

/** "Jordan Okafor" <jordan.okafor@…> or <jokafor@…>: a display name that spells the address's local part. */
export function nameMatchesAddress(name: string | null, address: string | null): boolean {
  // "Shop.ie" or "Brand .com" names a site, not a person.
  if (!name || !address || /\.(?:com|net|org|[a-z]{2})\b/i.test(name)) return false;
  const words = name.toLowerCase().normalize("NFD").replace(/[^a-z\s]/g, "").split(/\s+/).filter(Boolean);
  if (words.length < 2 || words.length > 4) return false;
  const local = address.split("@")[0]!.toLowerCase().replace(/\d+$/, "");
  const parts = local.split(/[._-]+/).filter((part) => part.length > 0);
  // Each part spells a name word or starts one: "robin.vale", "r.vale", "priya.nat" for Priya Natarajan.
  if (parts.length > 1) return parts.every((part) => words.some((word) => word.startsWith(part)));
  const first = words[0]!;
  const last = words[words.length - 1]!;
  return [first + last, first[0] + last, first + last[0], last + first].includes(local);
}

/** Order, shipping, account and security mail: never a deal, whatever code or sale it mentions. */
export function isTransactional(input: Pick<ClassifyInput, "subject" | "body">): boolean {
  if (TRANSACTIONAL_SUBJECT.test(input.subject) && !SELLING_SUBJECT.test(input.subject)) return true;
  return new Set((input.body.match(TRANSACTIONAL_BODY) ?? []).map((hit) => hit.toLowerCase())).size >= 2;
}

/** True when the message's main purpose is marketing. */
export function isPromotional(input: ClassifyInput): boolean {
  if (isTransactional(input)) return false;
  if (input.hasMarkup) return true;
  const text = `${input.subject}\n${input.body}`;
  // An editorial newsletter that sells nothing is bulk mail but not a promotion.
  if (EDITORIAL.test(text) && !COMMERCE.test(text)) return false;
  const bulk =
    input.headers.has("list-unsubscribe") || input.headers.has("list-id") || /bulk|list/i.test(input.headers.get("precedence") ?? "");
  if (bulk) return true;
  if (input.fromLooksPersonal) return false;
  return (`${input.subject}\n${input.body}`.match(OFFER_WORDS) ?? []).length >= 3;
}
