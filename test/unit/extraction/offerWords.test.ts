import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { buildEmail } from "./email";

/**
 * Offers without a code or an amount off, as each language we read makes them (multi-buys, half price, free delivery,
 * gifts, welcome money), and the order, shipping, account and security notices that use the same words: the offers
 * are deals, the notices are neither deals nor promotions.
 */
type Mail = [language: string, domain: string, subject: string, body: string];

const OFFERS: Mail[] = [
  ["de", "example.de", "Geschenk", "Gratis-Geschenk zu jeder Bestellung ab 50 € – nur diese Woche."],
  ["fr", "example.fr", "Cadeau", "Un cadeau offert dès 50 € d'achat, cette semaine seulement."],
  ["es", "example.es", "Regalo", "Regalo gratis con tu compra a partir de 50 €, solo esta semana."],
  ["it", "example.it", "Omaggio", "Un omaggio per ogni ordine da 50 €, solo questa settimana."],
  ["nl", "example.nl", "Cadeau", "Gratis cadeau bij elke bestelling vanaf €50, alleen deze week."],
  ["pt", "example.com.br", "Brinde", "Brinde grátis nas compras acima de R$ 150, só esta semana."],
  ["nl", "example.nl", "Weekactie", "Alle pasta: 2e halve prijs. Alleen deze week."],
  ["nl", "example.nl", "1+1 gratis", "Op alle koffiebonen: 1+1 gratis."],
  ["es", "example.es", "Ofertas 2x1", "2x1 en todas las camisetas."],
  ["es", "example.es", "Envío gratis", "Envío gratis en todos los pedidos este fin de semana."],
  ["es", "example.es", "Bienvenida", "Abre tu cuenta y llévate 100 € de bienvenida."],
  ["de", "example.de", "Zweites zum halben Preis", "Beim Kauf von zwei Pullovern gibt es das zweite zum halben Preis."],
  ["de", "example.de", "Versandkostenfrei", "Nur heute: versandkostenfrei bestellen."],
  ["fr", "example.fr", "Livraison gratuite", "Livraison gratuite sur toute la boutique jusqu'à dimanche."],
  ["fr", "example.fr", "Le 2e à moitié prix", "Le deuxième article à moitié prix sur les bougies."],
  ["it", "example.it", "Spedizione gratuita", "Spedizione gratuita su tutti gli ordini fino a domenica."],
  ["it", "example.it", "3x2", "3x2 su tutte le tazze."],
  ["pt", "example.com.br", "Frete grátis", "Frete grátis em todo o site até domingo."],
  ["en", "example.com", "Half price", "Everything half price this weekend."],
];

const NOTICES: Mail[] = [
  ["de", "example.de", "Ihre Bestellung 12345", "Vielen Dank für Ihre Bestellung. Bestellnummer: 12345. Versandkostenfrei. Lieferung voraussichtlich am Freitag."],
  ["es", "example.es", "Tu pedido ha sido enviado", "Tu pedido 88812 ha sido enviado. Envío gratis. Número de seguimiento: ES123456789."],
  ["fr", "example.fr", "Confirmation de commande", "Merci pour votre commande n° 5521. Livraison gratuite. Suivi de colis disponible."],
  ["nl", "example.nl", "Je bestelling", "Bedankt voor je bestelling. Ordernummer 7788. Gratis verzending. Track & trace volgt."],
  ["de", "example.de", "Ihr Passwort wurde geändert", "Ihr Passwort wurde soeben geändert. Wenn Sie das nicht waren, setzen Sie es zurück."],
  ["de", "example.de", "Neue Anmeldung bei Ihrem Konto", "Wir haben eine neue Anmeldung von einem neuen Gerät festgestellt. Waren Sie das?"],
  ["de", "example.de", "Ihr Paket kommt heute", "Ihr Paket wird heute zwischen 10 und 14 Uhr zugestellt. Sendungsnummer 00340434."],
  ["fr", "example.fr", "Votre code de vérification", "Votre code de vérification est 552211. Il expire dans 10 minutes."],
  ["fr", "example.fr", "Votre rendez-vous demain", "Rappel : votre rendez-vous est prévu demain à 15h. Pour annuler, répondez à ce message."],
  ["es", "example.es", "Tu contraseña ha cambiado", "Tu contraseña se ha cambiado correctamente. Si no fuiste tú, restablécela."],
  ["es", "example.es", "Tu factura de noviembre", "Ya está disponible tu factura de noviembre. Importe: 45,90 €. Fecha de cargo: 5 de diciembre."],
  ["it", "example.it", "Codice di verifica", "Il tuo codice di verifica è 998877. Scade tra 10 minuti."],
  ["nl", "example.nl", "Je wachtwoord is gewijzigd", "Je wachtwoord is gewijzigd. Was jij dit niet? Neem contact met ons op."],
  ["pt", "example.com.br", "Seu código de verificação", "Seu código de verificação é 445566. Expira em 10 minutos."],
  // Bookings confirmed, by their subject or by their reference numbers.
  ["de", "example.de", "Buchungsbestätigung", "Vielen Dank für Ihre Buchung. Anreise: 12. Dezember. Frühstück inklusive."],
  ["fr", "example.fr", "Confirmation de votre réservation", "Merci pour votre réservation. Arrivée le 12 décembre. Petit-déjeuner offert."],
  ["es", "example.es", "Confirmación de reserva", "Tu reserva 8XK2P está confirmada. Llegada: 12 de diciembre. Desayuno gratis."],
  ["it", "example.it", "La tua prenotazione è confermata", "Grazie per la tua prenotazione. Arrivo: 12 dicembre. Colazione omaggio."],
  ["nl", "example.nl", "Reserveringsbevestiging", "Bedankt voor je reservering. Aankomst: 12 december. Ontbijt gratis."],
  ["pt", "example.com.br", "Confirmação de reserva", "Obrigado pela sua reserva. Chegada: 12 de dezembro. Café da manhã grátis."],
  ["es", "example.es", "Hotel Brisa, 12 de diciembre", "Código de reserva: 8XK2P. Localizador: 8XK2P-1. Llegada a partir de las 15:00."],
  // Returns and refunds, though the credit they give reads like a reward.
  ["en", "example.com", "Your return has been processed", "We received your return. You'll receive a $15 store credit within 3 business days."],
  ["en", "example.com", "We've received your return", "Your refund of $42.00 will reach your card in 5–7 days."],
  ["de", "example.de", "Ihre Rückerstattung", "Wir haben Ihre Rücksendung erhalten. Die Erstattung von 42,00 € erfolgt in 5 Tagen."],
  ["fr", "example.fr", "Votre remboursement", "Nous avons bien reçu votre retour. Le remboursement de 42,00 € sera effectué sous 5 jours."],
  ["es", "example.es", "Tu reembolso", "Hemos recibido tu devolución. El reembolso de 42,00 € llegará en 5 días."],
  ["it", "example.it", "Il tuo rimborso", "Abbiamo ricevuto il tuo reso. Il rimborso di 42,00 € arriverà entro 5 giorni."],
  ["nl", "example.nl", "Je terugbetaling", "We hebben je retour ontvangen. De terugbetaling van € 42,00 volgt binnen 5 dagen."],
  ["pt", "example.com.br", "Seu reembolso", "Recebemos sua devolução. O reembolso de R$ 42,00 será feito em 5 dias."],
  // Cancellations confirmed, though they name the plan's end and invite a return.
  ["en", "example.com", "Your subscription has been cancelled", "We're sorry to see you go. Your plan ends on December 6. Resubscribe anytime."],
  ["de", "example.de", "Kündigungsbestätigung", "Dein Abo endet am 6. Dezember. Du kannst es jederzeit wieder abschließen."],
  ["fr", "example.fr", "Votre abonnement a été résilié", "Votre abonnement prend fin le 6 décembre. Revenez quand vous voulez."],
  ["es", "example.es", "Suscripción cancelada", "Tu suscripción termina el 6 de diciembre. Vuelve cuando quieras."],
  ["it", "example.it", "Abbonamento disdetto", "Il tuo abbonamento termina il 6 dicembre. Torna quando vuoi."],
  ["nl", "example.nl", "Je abonnement is opgezegd", "Je abonnement loopt af op 6 december. Je bent altijd welkom terug."],
  ["pt", "example.com.br", "Assinatura cancelada", "Sua assinatura termina em 6 de dezembro. Volte quando quiser."],
];

/** Offers whose subject also names the order: what they sell wins. */
const OFFERS_ON_AN_ORDER: Mail[] = [
  ["de", "example.de", "20 % Rabatt auf deine Bestellung", "Mit dem Code WINTER20 sparst du 20 % auf deine nächste Bestellung. Gültig bis 6.12."],
  ["fr", "example.fr", "-20 % sur votre commande", "Avec le code WINTER20, -20 % sur votre prochaine commande. Valable jusqu'au 6 décembre."],
  ["es", "example.es", "Envío gratis en tu pedido", "Envío gratis en tu próximo pedido con el código WINTER20. Válido hasta el 6 de diciembre."],
  ["it", "example.it", "Codice sconto per il tuo ordine", "Usa il codice sconto WINTER20 sul tuo prossimo ordine. Valido fino al 6 dicembre."],
  ["nl", "example.nl", "Gratis verzending op je bestelling", "Gratis verzending op je volgende bestelling met code WINTER20. Geldig t/m 6 december."],
  ["pt", "example.com.br", "Frete grátis no seu pedido", "Frete grátis no seu próximo pedido com o cupom WINTER20. Válido até 6 de dezembro."],
  ["fr", "example.fr", "Votre livraison offerte ce week-end", "Livraison offerte avec le code WINTER20, jusqu'à dimanche."],
  ["it", "example.it", "Il tuo ordine con spedizione gratuita", "Spedizione gratuita con il codice WINTER20, fino a domenica."],
  ["es", "example.es", "Haz tu reserva", "Haz tu reserva con el código WINTER20: envío gratis y desayuno incluido. Válido hasta el 6 de diciembre."],
];

async function read([language, domain, subject, body]: Mail) {
  return extractDeals(
    buildEmail({ from: `Invented Shop <news@mail.${domain}>`, subject, date: "Thu, 26 Nov 2026 09:00:00 -0500", headers: { "Content-Language": language }, html: `<p>${body}</p>` }),
  );
}

describe("offers in the words of each language", () => {
  it.each(OFFERS)("%s (%s): '%s' is a deal", async (...mail) => {
    expect((await read(mail)).deals).toHaveLength(1);
  });

  it.each(OFFERS_ON_AN_ORDER)("%s (%s): '%s' is a deal, though it names the order", async (...mail) => {
    const message = await read(mail);
    expect(message.deals.map((deal) => deal.promoCodes)).toEqual([["WINTER20"]]);
    expect(message.isPromotion).toBe(true);
  });

  // Tickets that go on sale become for sale; nothing is sold for less. Boots on sale are.
  it.each([
    ["en", "example.com", "Tickets on sale Friday", "Tickets for the premiere go on sale Friday, Dec 4 at 9am."],
    ["en", "example.com", "Presale tickets on sale now", "Presale tickets are on sale now for the December 12 show."],
    ["en", "example.com", "New album", "Our new album goes on sale December 4."],
  ] as Mail[])("%s (%s): '%s' is no deal", async (...mail) => {
    expect((await read(mail)).deals).toEqual([]);
  });

  it("boots on sale through Sunday are a deal", async () => {
    expect((await read(["en", "example.com", "Boots on sale now", "Our winter boots are on sale through Sunday."])).deals).toHaveLength(1);
  });

  it.each(NOTICES)("%s (%s): '%s' is a notice, not a promotion", async (...mail) => {
    const message = await read(mail);
    expect(message.deals).toEqual([]);
    expect(message.isPromotion).toBe(false);
  });
});
