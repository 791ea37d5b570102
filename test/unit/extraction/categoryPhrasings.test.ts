import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { buildEmail } from "./email";

/**
 * Invented shops of every trade, writing in each language the extractor reads: their mail's words (products, services,
 * the shop's name) must put the deal in the trade a person would, not in Others.
 */
const SHOPS: ReadonlyArray<[category: string, name: string, domain: string, subject: string, body: string]> = [
  ["Fashion", "Northloom", "northloom.com", "20% off new arrivals", "Shop the latest dresses, denim jackets and knitwear. 20% off with code STYLE20."],
  ["Fashion", "Kestrel Footwear", "kestrelshoes.com", "Boots weather is here", "Chelsea boots, sneakers and loafers: 25% off all boots this week."],
  ["Fashion", "Maison Orla", "maisonorla.fr", "Les soldes commencent", "Robes, pulls et manteaux : -30 % sur toute la collection. Code promo ORLA30."],
  ["Fashion", "Stoffwerk", "stoffwerk.de", "Neue Kollektion", "Jacken, Hosen und Pullover: 20 % Rabatt mit dem Code WARM20."],
  ["Beauty", "Lumen Skin", "lumenskin.com", "Your glow-up kit", "Serums, moisturizers and cleansers 30% off. Code GLOW30."],
  ["Beauty", "Belleza Viva", "bellezaviva.es", "Ofertas de belleza", "Maquillaje y cremas con un 20 % de descuento. Código VIVA20."],
  ["Home", "Oakhaven Living", "oakhaven.com", "Sofa sale", "Sofas, rugs and lamps up to 40% off. Refresh your living room."],
  ["Home", "Casa Pietra", "casapietra.it", "Saldi casa", "Divani, tappeti e lampade: 30% di sconto con il codice CASA30."],
  ["Pets", "Pawprint Supply", "pawprint.com", "Treats for your pup", "Dog food, cat litter and chew toys: 15% off with code WOOF15."],
  ["Health", "Vitalis Labs", "vitalislabs.com", "Stock up on vitamins", "Multivitamins, protein powder and supplements: buy 2 get 1 free."],
  ["Travel and Local", "Skyward Air", "skywardair.com", "Fares from $49", "Book flights to 40 cities. Fares from $49 one way, book by Sunday."],
  ["Travel and Local", "Harbor Inn Hotels", "harborinn.com", "Weekend getaway", "Save 25% on hotel stays this winter. Book your room by Dec 6."],
  ["Travel and Local", "Bistro Nine", "bistronine.com", "Dinner for two", "Enjoy 20% off dinner at any of our restaurants this week. Reserve a table."],
  ["Travel and Local", "Fastfork", "fastfork.com", "$10 off your next order", "Get $10 off food delivery from your favorite restaurants with code EAT10."],
  ["Software and Apps", "Cloudnest", "cloudnest.io", "50% off Pro", "Upgrade to Cloudnest Pro: 1TB cloud storage, 50% off the annual plan."],
  ["Software and Apps", "Shieldline VPN", "shieldline.com", "VPN deal", "Protect every device: 70% off a 2-year VPN subscription."],
  ["Automotive", "Torque Auto Parts", "torqueparts.com", "Brake sale", "Brake pads, rotors and wiper blades 20% off. Code STOP20."],
  ["Finance", "Crestline Bank", "crestlinebank.com", "Earn a $300 bonus", "Open a checking account and earn a $300 bonus. Offer ends Dec 31."],
  ["Shopping", "Voltbox", "voltbox.com", "Tech deals", "Laptops, headphones and smart TVs up to 40% off."],
  ["Shopping", "Greenbasket Market", "greenbasket.com", "Fresh savings", "Groceries delivered: $15 off your first order of fresh produce, milk and bread."],
  ["Shopping", "Supermercado Sol", "supersol.es", "Ofertas de la semana", "Frutas, verduras y carne fresca: 2x1 en productos seleccionados."],
  ["Fashion", "Atelier Grau", "ateliergrau.de", "Winter-Sale", "Mäntel, Strick und Stiefel: bis zu 50 % reduziert."],
  ["Home", "Tuinhuis", "tuinhuis.nl", "Tuinmeubelen", "Tuinstoelen, parasols en planten: 25% korting met kortingscode TUIN25."],
  ["Beauty", "Perfumaria Luz", "perfumarialuz.com.br", "Perfumes em oferta", "Perfumes e maquiagem com 30% de desconto. Cupom LUZ30."],
  ["Pets", "Tierliebe", "tierliebe.de", "Für Hund und Katze", "Hundefutter, Katzenstreu und Spielzeug: 15 % Rabatt."],
  ["Fashion", "Kids Corner Wear", "kidscornerwear.com", "Back to school", "Kids' jeans, t-shirts and hoodies: 30% off everything."],
  ["Travel and Local", "Cinestar Plaza", "cinestarplaza.com", "Tuesday movie deal", "Movie tickets $5 every Tuesday. Popcorn 50% off."],
  ["Home", "Giardino Verde", "giardinoverde.it", "Saldi giardino", "Piante, vasi e mobili da giardino: 20% di sconto."],
  ["Home", "Jardim Feliz", "jardimfeliz.com.br", "Ofertas para o jardim", "Plantas, vasos e móveis de jardim com 20% de desconto."],
  ["Fashion", "Modehuis Vera", "modehuisvera.nl", "Nieuwe collectie", "Jurken, truien en jassen: 30% korting op de hele collectie."],
  ["Fashion", "Moda Bella", "modabella.it", "Nuova collezione", "Vestiti, maglioni e scarpe: 30% di sconto."],
  ["Beauty", "Schoonheid & Zo", "schoonheidzo.nl", "Huidverzorging", "Crèmes, serums en make-up: 20% korting met code HUID20."],
  ["Beauty", "Bellezza Pura", "bellezzapura.it", "Trucco e profumi", "Trucco, profumi e creme viso: 25% di sconto."],
  ["Pets", "Dierenwinkel Max", "dierenwinkelmax.nl", "Voor hond en kat", "Hondenvoer, kattenbakvulling en speeltjes: 15% korting."],
  ["Pets", "Amici Animali", "amicianimali.it", "Per cani e gatti", "Crocchette per cani, lettiere per gatti e giochi: 15% di sconto."],
  ["Pets", "Mundo Pet", "mundopet.com.br", "Para seu cachorro", "Ração, areia para gatos e brinquedos com 15% de desconto."],
  ["Travel and Local", "Reisbureau Zon", "reisbureauzon.nl", "Zonvakanties", "Vliegtickets en hotels: 20% korting op je vakantie."],
  ["Travel and Local", "Viaggi Sole", "viaggisole.it", "Offerte viaggi", "Voli e hotel: 20% di sconto sulle vacanze."],
  ["Travel and Local", "Viagens Mar", "viagensmar.com.br", "Promoção de viagens", "Passagens aéreas e hotéis com 20% de desconto."],
  ["Travel and Local", "Voyages Azur", "voyagesazur.fr", "Promo vacances", "Vols et hôtels : -20 % sur vos vacances."],
  ["Travel and Local", "Reisewelt Nord", "reiseweltnord.de", "Urlaubsangebote", "Flüge und Hotels: 20 % Rabatt auf Ihren Urlaub."],
  ["Health", "Apotheek Plus", "apotheekplus.nl", "Vitamines", "Vitamines en supplementen: 2e halve prijs."],
  ["Automotive", "Autoteile Krug", "autoteilekrug.de", "Winterreifen", "Winterreifen und Bremsbeläge: 20 % Rabatt."],
  ["Automotive", "Pneus Rapides", "pneusrapides.fr", "Pneus hiver", "Pneus hiver et plaquettes de frein : -20 %."],
  ["Software and Apps", "Nubo", "nubo.es", "Almacenamiento en la nube", "Plan anual de almacenamiento en la nube con un 50 % de descuento."],
  ["Finance", "Banco Aurora", "bancoaurora.es", "Cuenta sin comisiones", "Abre tu cuenta y llévate 100 € de bienvenida. Oferta válida hasta el 31/12."],
  ["Home", "Handyman Depot", "handymandepot.com", "Tool sale", "Drills, saws and paint 20% off this weekend."],
  ["Fashion", "Fjell & Fern", "fjellfern.com", "Winter layers", "Parkas, fleece vests, beanies and gloves: 25% off this week."],
  ["Fashion", "Linden Row", "lindenrow.com", "Price drop on your wishlist", "Good news: the wool blazer and pleated skirt in your wishlist are now $149 (were $199)."],
  // A name that only begins like a trade's stem ("Petal" like "pet") says nothing of it.
  ["Home", "Petal Post", "petalpost.com", "Flowers for the holidays", "Bouquets, roses and wreaths: 20% off delivery this week."],
  ["Pets", "The Pet Nook", "thepetnook.com", "Winter treats", "Treats and toys: 20% off this week."],
  ["Fashion", "Velvet Row", "velvetrow.com", "Party season", "Dresses and blazers: 20% off this week."],
  ["Shopping", "Cellular One", "cellone.com", "New phone deal", "Get $200 off a new smartphone when you switch. Tablets 20% off."],
  ["Finance", "Lumen Tax", "lumentax.com", "File your taxes for less", "File your federal tax return for $0. Upgrade to Deluxe for 30% off."],
  // Baby gear, sporting goods and fine food are shops' trades too: a department store's, as the map files them.
  ["Shopping", "Toddle", "toddle.com", "Baby sale", "25% off strollers, car seats and cribs for your little one."],
  ["Shopping", "Kleine Welt", "kleinewelt.de", "Babywochen", "Kinderwagen, Babybetten und Windeln: 20 % Rabatt."],
  ["Shopping", "Bébé Douceur", "bebedouceur.fr", "Semaine bébé", "Poussettes, lits bébé et couches : -20 %."],
  ["Shopping", "Pitch & Putt Co", "pitchputt.com", "Golf week", "20% off drivers, irons and golf balls this week."],
  ["Shopping", "Summit Sports", "summitsports.com", "Ski season", "Skis, snowboards and tennis rackets up to 30% off."],
  ["Shopping", "Deportes Cumbre", "deportescumbre.es", "Artículos deportivos", "Raquetas de tenis, palos de golf y esquís con un 20 % de descuento."],
  ["Shopping", "Kettle & Crumb", "kettlecrumb.com", "Winter blends", "Our winter blends are here: 20% off all loose-leaf teas and teapots this weekend."],
  // Words that end in an accented letter ("supermarché", "bébé", "café") count like any other.
  ["Shopping", "Marché Soleil", "marchesoleil.fr", "Promos de la semaine", "Votre supermarché en ligne : fruits et légumes, -20 % cette semaine."],
  ["Travel and Local", "Maison Lumière", "maisonlumiere.fr", "Le matin au café", "Au café cette semaine : -20 % sur le petit-déjeuner, café et croissant."],
  ["Shopping", "Cacao Maison", "cacaomaison.com", "Gifts for chocolate lovers", "Chocolate truffles, gourmet gift boxes and snacks: 15% off with code COCOA15."],
  // Opticians, bookshops, toy shops and jewellers, in the other languages we read.
  ["Health", "Klarblick", "klarblick.de", "Neue Brillen", "Brillen und Kontaktlinsen beim Optiker: 20 % Rabatt mit dem Code SEHEN20."],
  ["Health", "Vue Claire", "vueclaire.fr", "Nouvelles lunettes", "Lunettes et lentilles chez votre opticien : -20 % avec le code VUE20."],
  ["Health", "Mirada", "mirada.com.br", "Óculos novos", "Óculos e lentes de contato com 20% de desconto. Cupom OLHAR20."],
  ["Shopping", "Buchfink", "buchfink.de", "Neue Bücher", "Romane und Kinderbücher: 20 % Rabatt in unserer Buchhandlung mit dem Code LESEN20."],
  ["Shopping", "La Page", "lapage.fr", "Nouveautés", "Romans et livres jeunesse : -20 % dans notre librairie avec le code LIRE20."],
  ["Shopping", "Juguetería Sol", "juguesol.es", "Rebajas", "Juguetes y juegos de mesa con un 20 % de descuento. Código JUGAR20."],
  ["Shopping", "Giocolandia", "giocolandia.it", "Saldi", "Giocattoli e giochi da tavolo: 20% di sconto con il codice GIOCO20."],
  ["Shopping", "Speelhuis", "speelhuis.nl", "Uitverkoop", "Speelgoed en puzzels met 20% korting met de code SPEEL20."],
  ["Fashion", "Glanzstück", "glanzstueck.de", "Schmuck-Sale", "Ringe, Halsketten und Ohrringe: 20 % Rabatt mit dem Code GLANZ20."],
  ["Fashion", "Éclat", "eclat-bijoux.fr", "Bijoux", "Bagues, colliers et boucles d'oreilles : -20 % avec le code ECLAT20."],
  ["Fashion", "Luccio", "luccio.it", "Gioielli", "Anelli, collane e orecchini: 20% di sconto con il codice LUCE20."],
  ["Fashion", "Glans", "glans.nl", "Sieraden", "Ringen, kettingen en oorbellen met 20% korting met de code GLANS20."],
  // Electronics and football kit; car insurance, whose car words are what is insured.
  ["Shopping", "Blitzwerk", "blitzwerk.de", "Technik-Deals", "Fernseher, Laptops und Kopfhörer: 20 % Rabatt mit dem Code TECH20."],
  ["Shopping", "Ondes", "ondes.fr", "Soldes high-tech", "Téléviseurs, ordinateurs portables et casques : -20 % avec le code ONDES20."],
  ["Shopping", "Voltio", "voltio.es", "Ofertas tecnología", "Televisores, portátiles y auriculares con un 20 % de descuento. Código VOLT20."],
  ["Shopping", "Fulmine", "fulmine.it", "Offerte tech", "Televisori, portatili e cuffie: 20% di sconto con il codice LAMPO20."],
  ["Shopping", "Raio", "raio.com.br", "Ofertas de tecnologia", "Televisores, notebooks e fones de ouvido com 20% de desconto. Cupom RAIO20."],
  ["Shopping", "Sportiva", "sportiva.de", "Sport-Sale", "Trikots und Fußbälle: 20 % Rabatt mit dem Code TOR20."],
  ["Finance", "Assuro", "assuro.fr", "Assurance auto", "Économisez jusqu'à 200 € sur votre assurance auto avec le code ROUTE200."],
  ["Finance", "Seguralia", "seguralia.es", "Seguro de coche", "Ahorra hasta 200 € en tu seguro de coche con el código COCHE200."],
  ["Finance", "Halden Mutual", "haldenmutual.com", "Save on car insurance", "Switch your car insurance and save up to $300 with code DRIVE300."],
];

describe("a shop's trade, in each language", () => {
  it.each(SHOPS)("%s: %s", async (category, name, domain, subject, body) => {
    const raw = buildEmail({
      from: `${name} <news@mail.${domain}>`,
      subject,
      date: "Thu, 26 Nov 2026 09:00:00 -0500",
      html: `<p>${body}</p><p><a href="https://${domain}/shop">Shop</a></p>`,
    });
    expect((await extractDeals(raw)).deals[0]?.category ?? "no deal").toBe(category);
  });
});
