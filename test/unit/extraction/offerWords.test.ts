import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { buildEmail } from "./email";

/**
 * Offers without a code or an amount off, as each language we read makes them (multi-buys, half price, free delivery,
 * welcome money), and the order and shipping notices that use the same words: the offers are deals, the notices are
 * neither deals nor promotions.
 */
type Mail = [language: string, domain: string, subject: string, body: string];

const OFFERS: Mail[] = [
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

  it.each(NOTICES)("%s (%s): '%s' is a notice, not a promotion", async (...mail) => {
    const message = await read(mail);
    expect(message.deals).toEqual([]);
    expect(message.isPromotion).toBe(false);
  });
});
