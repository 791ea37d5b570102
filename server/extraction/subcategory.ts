import { toCategory, type Category } from "../../src/domain/category";
import type { FieldEvidence } from "../../src/domain/evidence";
import { matchesOf } from "../../src/domain/patternMatches";

/**
 * Keywords that say what a sender sells, each pointing at a fine-grained subcategory the shared map knows.
 * Some point at subcategories the shared map lacks (media, education, photo printing); those map to Others.
 * An umlaut is no `\w`, so `\b` never starts "Ölwechsel": such a word is matched from its second letter, after it.
 * German and Dutch join words: a compound ending in a garment or in feed ("Winterjacken", "damesschoenen",
 * "Trockenfutter") is one, whatever stands before it ("chosen" is English).
 */
const KEYWORDS: ReadonlyArray<[string, RegExp]> = [
  ["auto", /\b(?:auto|autos|automotive|cars?(?! (?:rentals?|hire|seats?))|brakes?|rotors?|oil changes?|tires?|tyres?|wipers?(?: blades?)?|vehicles?|auto ?parts|car ?wash|car care|detailing|alignment|transmission|dealerships?|mechanics?|motors?|service advisor|mileage|engines?|sedans?|suvs?|trucks?|vin|garage|batter(?:y|ies)|spark plugs?|headlights?|motorcycles?|neum[áa]ticos|pneus|pneumatic\w*|reifen|winterreifen|sommerreifen|banden|bremse\w*|frenos|freins|freni|remmen|trav[õo]es|freios|plaquettes|coches?|voitures?|carros?|werkstatt|autoteile|ricambi|onderdelen|autope[çc]as|vidange|olwechsel|(?<=ö)lwechsel)\b/gi],
  ["beauty", /\b(?:skin ?care|skincare|serums?|cleansers?|moisturi[sz]ers?|lip(?:stick| tints?| gloss)?|makeup|mascara|cosmetics?|cosm[ée]tic\w*|fragrances?|perfumes?|scents?|balms?|beauty|shades?|salons?|spa|stylists?|haircuts?|blowouts?|manicures?|pedicures?|niacinamid\w*|sunscreen|protector solar|sueros?|maquillaje|nails?|hair ?care|shampoo|conditioner|toner|soins?|beaut\w*|parfum\w*|maquillage|cr[èe]mes?|kosmetik|pflege|belleza|beleza|perfumaria|bellezza|trucco|profum\w*|schoonheid|huidverzorging|make-?up|maquiagem)\b/gi],
  ["pharmacy", /\b(?:pharmac(?:y|ies|ist)|brillen|kontaktlinsen|optiker\w*|lunettes|lentilles|opticien\w*|gafas|lentillas|occhiali|lenti a contatto|ottic[ao]|contactlenzen|(?<=[óo])ptica|(?<=[óo])culos|lentes de contato|vitamins?|supplements?|flu shots?|prescriptions?|rx|protein|wellness|optical|optometr\w*|frames|lenses|eyewear|glasses|contacts|dental|dentist|clinic|fsa|hsa|nutrition|health|fitness|gym|workouts?|yoga|pilates|trainers?|telehealth|therapy|hearing|farm[áa]cias?|pharmacie|apotheke|vitaminas|vitamines|suplementos|compl[ée]ments|gesundheit|sant[ée]|salud|sa[úu]de|salute|gezondheid|apotheek|farmacia)\b/gi],
  ["pets", /\b(?:pets?|dogs?|cats?|puppy|puppies|kittens?|kibble|litter|treats|vet|vets|veterinar\w*|grooming|autoship|paws?|fetch|beagle|leash|scratchers?|aquarium|chew toys?|dog beds?|perros?|gatos?|mascotas?|cachorros?|ra[çc][ãa]o|ra[çc][õo]es|petiscos|chiens?|chats|hunde?|katzen?|hounds?|hundemantel|honden?|katten?|chiot\w*|cani|gatti|hondenvoer|kattenvoer|kattenbak\w*|dierenwinkel|huisdier\w*|\w*futter|katzenstreu|tierbedarf|haustier\w*|croquettes|animalerie|animaux|crocchette)\b/gi],
  ["department store", /\b(?:department stores?|doorbusters?|toys?|fernseher|kopfh[öo]rer|t[ée]l[ée]viseurs?|ordinateurs?|televisores?|port[áa]tiles|auriculares|televisori|portatili|cuffie|televisies|koptelefoons?|fones de ouvido|trikots?|fu(?:ß|ss)b[äa]ll\w*|spielzeug\w*|puzzles?|puzzels?|jouets?|jeux de soci[ée]t[ée]|juguetes?|juegos de mesa|giocattoli|giochi da tavolo|speelgoed|brinquedos?|jogos|b[üu]cher|buchhandlung|romane|livres|librairie|libros|librer[íi]a|novelas|libri|libreria|romanzi|boeken|boekhandel|livros|livraria|notebooks?|planners?|pens|pencils|stationers?|(?:office|school|art) supplies|electronics|gadgets?|headphones|smartphones?|cell ?phones?|mobile phones?|tablets?|(?:bluetooth|wireless|smart|portable|bookshelf|computer|pc) speakers?|earbuds|laptops?|tvs?|tech|marketplace|general store|everything store|board games?|grocer(?:y|ies)?|groceries|greengrocers?|supermarkets?|produce|pantry|dairy|deli|frozen foods?|beers?|wines?|spirits|liquor|bookstores?|booksellers?|bestsell\w*|novels?|audiobooks?|e-?books?|paperbacks?|hardcovers?|printers?|pdas?|handhelds?|mp3 players?|notebooks?|monitors?|rebates?|outlet|audio|cameras?|bikes?|bicycles?|cycles|cycling|camping|tents?|fiets\w*|fahrr[aä]d\w*|v[ée]los?|bicicle\w*|bicis?|supermercado|supermarch[ée]|lebensmittel|boodschappen|alimentari|spesa|strollers?|prams?|cribs?|diapers?|nappies|car seats?|kinderwagens?|babybett\w*|windeln|poussettes?|lits? b[ée]b[ée]|pu[ée]riculture|fruits? et l[ée]gumes|l[ée]gumes|obst und gem[üu]se|frutas y verduras|frutta e verdura|groente en fruit|frutas e legumes|cochecitos?|cunas?|pa[ñn]ales|passeggin[oi]|culle|pannolini|luiers|fraldas|carrinhos? de beb[êe]|ber[çc]os?|golf|tennis|rackets?|racquets?|raquetas?|racchette|skis?|esqu[íi]s|snowboards?|sporting goods|sports? equipment|fishing|kayaks?|sportartikel\w*|articles de sport|art[íi]culos deportivos|articoli sportivi|artigos esportivos|teas|loose-leaf|teapots?|chocolates?|truffles|gourmet|snacks|confectionery|candy|candies)\b/gi],
  ["home", /\b(?:bedding|duvets?|sheets?|quilts?|pillows?|rugs?|runners?|furniture|sofas?|couch\w*|sectionals?|decor|paints?|painting|gallons?|primers?|cookware|skillets?|pans?|kitchen|bakeware|knives|lighting|lamps?|bath|candles?|mattress\w*|curtains?|home goods|hardware|tools?|drills?|lumber|garden\w*|plants?|flowers?|florists?|bouquets?|wreaths?|fleurs|fleuriste|blumen\w*|flores|floristería|fiori|fioraio|bloemen|bloemist|floricultura|appliances?|homewares?|t[öo]pfe|pfannen|k[üu]che|kochen|casseroles?|meubles|cocina|muebles|hogar|cozinha|m[óo]veis|garten\w*|pflanz\w*|jardin\w*|jard[íi]n|plantas|linge de maison|akku\w*|\w*werkzeug\w*|heimwerk\w*|bohrer|schrauber|luminári\w*|tapetes?|almofadas?|lampad\w*|lampen|m[öo]bel\w*|\w*schr[äa]nke?|kommoden?|illuminazione|arred\w*|mobili|tappet\w*|cuscin\w*|verlichting|meubels?|wonen|keuken|woonkamer|bettw[äa]sche|lampes?|luminaires?|coussins?|tapis|tuin\w*|planten|parasols?|giardin\w*|piante|jardim|meubelen|m[öo]bel|wohnen|mobilier)\b/gi],
  ["bank", /\b(?:tax returns?|assurances?|seguros|assicurazion[ei]|verzekering\w*|tax filing|tax prep\w*|file your taxes|bank|banking|credit union|savings|checking|apy|apr|credit cards?|cardmembers?|deposits?|loans?|mortgages?|fdic|ncua|interest|insurance|insurer|renters|policy|premiums?|coverage|invest\w*|card offer|statement credit|pre-?qualified|rewards card|banque|bancaire|banca|bancari[ao]|hipotecas?|pr[ée]stamos?|pr[êe]ts?|kredit\w*|darlehen|prestit[oi]|leningen?|hypothe\w*|empr[ée]stimos?|financiamento|versicherung\w*|assicurazion\w*|verzekering\w*|girokonto|tagesgeld|festgeld|compte courant|conto corrente|cuenta corriente|conta corrente|betaalrekening|spaarrekening|zinsen|intereses|int[ée]r[êe]ts|interessi|juros|comisiones)\b/gi],
  ["apparel", /\b(?:\w*(?:kleidung|jacken|schuhe|kleider|(?<!c)hosen|kleding|schoenen|jassen|jurken|broeken)|schmuck|ohrringe|halsketten|bijoux|bagues|colliers|boucles d'oreilles|joyas|anillos|collares|gioielli|anelli|collane|orecchini|sieraden|oorbellen|kettingen|joias|an[ée]is|colares|brincos|dress(?:es)?|knits?|sweaters?|cardigans?|jackets?|coats?|outerwear|boots?|shoes?|sneakers?|denim|jeans|tees?|t-shirts?|hoodies?|lounge(?:wear)?|apparel|clothing|fashion|styles?|outfits?|boutiques?|cashmere|wool|leather|pants?|shorts|jewell?ery|jewelry|rings?|pendants?|bracelets?|necklaces?|earrings?|watches|handbags?|parkas?|anoraks?|fleeces?|vests?|blazers?|skirts?|blouses?|shirts?|sweatshirts?|socks|scarf|scarves|gloves|mittens|beanies?|underwear|lingerie|pajamas|pyjamas|sandals?|loafers?|heels|trousers|jumpers?|tights|chinos|raincoats?|slippers|streetwear|lookbook|wardrobe|thread|moda|ropa|abrigos|vestidos?|zapatos|v[êe]tements|manteaux|robes?|roupas?|cal[çc]ados|calzados?|zapater[íi]as?|botines|botas|swim\w*|bikinis?|leggings|activewear|bras?|tops|pulls?|maille|tricots?|cachemire|m[ée]rinos|chaussures|pullover|strick\w*|zapatillas?|camisetas?|chaquetas?|sapatos|sapatilhas?|scarpe|abbigliamento|giacch\w*|cappott\w*|mode|camisolas?|casacos?|malhas?|camisas?|blusas?|saias?|jaquetas?|m[äa]ntel|blousons?|chemises?|jupes?|maglion\w*|camicie|gonne|truien)\b/gi],
  ["travel", /\b(?:restaurants?,? delivered|(?:food|meal|dinner|lunch) deliver(?:y|ies)|lieferdienst|essenslieferung|livraison de repas|comida a domicilio|thuisbezorgd|bezorgmaaltijd|flights?|fares?|airlines?|airways|airport|miles|hotels?|inns?|resorts?|stays?|nights?|booking|vacation|trip|cruise|destinations?|restaurants?|bistro|bakery|bakehouse|caf[eé]|coffee|pizza|burgers?|menu|dine-in|dining|brunch|breakfast|petit-d[ée]jeuner|croissants?|fr[üu]hst[üu]ck|desayunos?|colazione|ontbijt|reservations?|table|chef|takeout|delivery fee|meals?|cinemas?|movies?|showtimes?|tickets?|concerts?|theat(?:er|re)s?|diner|grill|eatery|tavern|brewery|taproom|bbq|sushi|tacos?|ramen|deli|bagels?|donuts?|coffees|appetizers?|entr[ée]es|dinner|lunch|happy hour|desserts?|cocktails?|roast(?:er|ery)s?|car rentals?|rental cars?|rent a car|car hire|hire cars?|food delivery|restaurants? delivered|takeaways?|kaffee[a-zäöüß]*|espresso|curry|curries|naan|kebabs?|dumplings?|dim sum|biryani|noodles|(?:city|weekend|short) breaks?|getaways?|(?:guided |walking |bus |boat )?tours|sightseeing|excursions?|package holidays?|vuelos|vols|fl[üu]ge|flug|voli|volo|vluchten|vlucht|voos|voo|hoteles|h[ôo]tels?|hot[ée]is|vacaciones|vacances|urlaub\w*|vacanze|vakanties?|f[ée]rias|viajes?|voyages?|reisen|reise\w*|viaggi\w*|reizen|viage\w*|passagens|vliegtickets?|biglietti|restaurantes|ristoranti|ristorante|abendessen|kino\w*|cin[ée]mas?|cines|s[ée]jours?|ubernachtung|(?<=ü)bernachtung\w*|overnachting\w*|alojamiento|hospedagem|mietwagen|autovermietung|noleggio auto|autohuur)\b/gi],
  ["software", /\b(?:apps?|software|saas|subscription plan|upgrade|pro plan|premium plan|vpn|devices?|servers?|encryption|sync|cloud|download|workspace|plugins?|features?|billing|monthly plan|annual plan|version \d|video games?|gaming|gamers?|games library|steam|dlc|consoles?|playstation|ps[45]|xbox|nintendo|streaming|see plans|pricing|free trial|accounting|bookkeeping|invoicing|payroll|productivity|almacenamiento|stockage|speicherplatz|archiviazione|opslag|armazenamento|nuvem|logiciels?|aplicaciones|applicazion\w*|aplicativos?|jahresabo|plan anual|plan annuel|piano annuale|jaarabonnement|plano anual|antivirus)\b/gi],
  ["media", /\b(?:magazine|newspaper|journalism|reporting|issues?|crossword|subscribers?|podcast|editorial|essays)\b/gi],
  ["education", /\b(?:courses?|learning|lessons?|certificates?|classes|tutorials?|academy|education|students?|workshops?|keynotes?|summits?|webinars?|seminars?|speakers?)\b/gi],
  ["photo printing", /\b(?:photo books?|prints?|printing|holiday cards|photo cards|greeting cards|stationery|canvas prints?|invitations)\b/gi],
];

/** Word stems that brands fuse into their names and domains ("toyburrow", "pawstead"). */
const NAME_STEMS: ReadonlyArray<[RegExp, string]> = [
  [/toy/i, "department store"],
  // Fused anywhere in a name ("Meadowpaw", "thepetshop"), but not inside words that merely hold the letters ("Petal",
  // "Peter", "Carpet", "Velvet", "Corvette", "Pawn", "Embark").
  [/(?<!car|trum|com|lim|sip|mup)pet(?!al|it|rol|er|ty|tle|unia)|paw(?!n)|(?<!vel|cor|ri)vet(?!te)|(?<!em)bark|woof/i, "pets"],
  [/auto|motor|tire|tyre|pneu|reifen/i, "auto"],
  [/bank|banco|banque|banca|credit|financ|insur/i, "bank"],
  [/shoe|apparel|denim|moda|swim|calzad|zapat/i, "apparel"],
  [/skin|beauty|bellezza|belleza|beleza|schoonheid|cosmetic|glow/i, "beauty"],
  [/pharm|farm[áa]c|apothek|vitamin|optic|dental/i, "pharmacy"],
  [/furniture|decor|linen|k[üu]che|cocina|garden|garten|jardin|tuin|giardin/i, "home"],
  [/travel|hotel|flights?|tours?\b|airways|airlines?|(?<![hfp])air\b|cinema|coffee|brew|roast|viag|voyag|viaj|(?<!p)reis|urlaub/i, "travel"],
  [/learn|academy/i, "education"],
];

/** Words a sender's name or domain uses for a shop that sells many things ("Shopper", "Store", "buy...", "Marché", "Markt"). */
const RETAILER_NAME = /(?:shopp(?:er|ing)|stores?\b|\bshop\b|market(?:place)?\b|\bmart\b|outlet|^buy|\sbuy|\b(?:march[ée]|markt|mercado|mercato)(?![\wà-ÿ]))/i;

/** Marketplaces and general retailers known by name: their mail about any one product is still a shop's. */
const KNOWN_RETAILER =
  /\b(?:amazon|ebay|etsy|walmart|costco|aliexpress|temu|rakuten|mercadolibre|mercadolivre|flipkart|argos|tesco|carrefour|kroger|bestbuy|best buy)\b/i;

/** Words a sender's name or domain uses for a publisher: its mail is media, whatever its articles are about. */
const PUBLISHER_NAME = /(?:\bmags?\b|mags\.|magazines?|journal|gazette|tribune|herald|\btimes\b)/i;

/** Top-level domains that say something about the sender. */
const TLD_HINTS: ReadonlyArray<[RegExp, string]> = [
  [/\.(?:io|app|dev|ai|gg|software)\b/i, "software"],
  [/\.(?:academy|edu|school|courses|education)\b/i, "education"],
];

/** Words that name shops and restaurants alike ("Copperline Kitchen"); in a sender they weigh only as body words do. */
const AMBIGUOUS_SENDER_WORDS = /\bkitchen\b/gi;

/** A car hire mail: its cars, engines and mileage are what the traveller rents, not a garage's trade. */
const CAR_HIRE = /\b(?:car (?:hire|rentals?)|rental cars?|rent a car|hire cars?|autovermietung|mietwagen|location de voitures?|alquiler de coches)\b/i;
/** A car insurance mail: its car words are what is insured, not a garage's trade (in each language we read). */
const CAR_INSURANCE =
  /\b(?:(?:car|auto|motor|vehicle) insurance|kfz-?versicherung|autoversicherung|assurance (?:auto|voiture)|seguro (?:de )?(?:coche|auto|carro)|assicurazione auto|autoverzekering)/i;

/** Domains and sender names are strong evidence; body words are weaker. */
const SENDER_WEIGHT = 6;
const SUBJECT_WEIGHT = 2;

/**
 * The end of a keyword: no letter follows. A word boundary would also refuse "café", "supermarché" and "bébé" before a
 * space, as it knows only ASCII letters.
 */
const WORD_END = "(?![\\wà-ÿ])";

/**
 * All keyword lists as one pattern, one group per subcategory, so each text is scanned once. The word boundary they all
 * start with is tested once, and the keywords (all lower case) are matched against lowered text: a case-insensitive
 * scan of this many alternatives took three times as long.
 */
const ALL_KEYWORDS = new RegExp(
  `\\b(?:${KEYWORDS.map(([, pattern]) => `(${pattern.source.replace(/^\\b/, "").replace(/\\b$/, WORD_END)})`).join("|")})`,
  "g",
);

/**
 * Keywords with everyday meanings besides the trade they point at (a coffee is sold by a café and by a grocer, a
 * "policy" may be a privacy policy): half the weight of words that can only mean one trade.
 */
const WEAK_KEYWORDS = new Set(
  `coffee coffees stay stays night nights tech policy interest style styles tool tools printing table menu trip thread
  ring rings frames contacts glasses treats fetch shade shades scent scents runner runners sheet sheets tops
  intereses interessi intérêts interêts zinsen juros`.split(/\s+/),
);

/** ALL_KEYWORDS read at one position only: where KEYWORD_STARTS says a keyword may start. */
const ALL_KEYWORDS_HERE = new RegExp(ALL_KEYWORDS.source, "y");

/** The top-level alternatives of a pattern's source: "a|b(?:c|d)|[e|f]" gives "a", "b(?:c|d)" and "[e|f]". */
function alternativesOf(source: string): string[] {
  const alternatives: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (char === "\\") index++;
    else if (inClass) inClass = char !== "]";
    else if (char === "[") inClass = true;
    else if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "|" && depth === 0) {
      alternatives.push(source.slice(start, index));
      start = index + 1;
    }
  }
  alternatives.push(source.slice(start));
  return alternatives;
}

/**
 * Where a keyword may start, found several times faster than by ALL_KEYWORDS: the same keywords grouped by their first
 * letter ("a(?:uto|utos|...)|b(?:rakes?|...)"), so that each word is tried against one letter's keywords rather than
 * against all of them. It says nothing of which keyword matched: at each place it finds, ALL_KEYWORDS itself is read
 * (ALL_KEYWORDS_HERE), so the matches are exactly ALL_KEYWORDS's. It only has to find every place ALL_KEYWORDS would,
 * which grouping the same alternatives does. Keywords that do not start with a plain letter are tried as they are,
 * and one that starts with "\w*" ("\w*werkzeug\w*", which steps through every word) only in a text with its letters.
 */
const KEYWORD_STARTS = (() => {
  const byFirstLetter = new Map<string, string[]>();
  const others: string[] = [];
  const wordScans: Array<{ pattern: string; letters: string }> = [];
  for (const [, pattern] of KEYWORDS) {
    const listed = /^\\b\(\?:(.*)\)\\b$/.exec(pattern.source);
    for (const keyword of listed ? alternativesOf(listed[1]!) : [pattern.source.replace(/^\\b/, "")]) {
      const wordScan = /^\\w\*([a-z]+)/.exec(keyword);
      if (wordScan) wordScans.push({ pattern: keyword, letters: wordScan[1]! });
      else if (/^[a-z][^?*+{]/.test(keyword)) byFirstLetter.set(keyword[0]!, [...(byFirstLetter.get(keyword[0]!) ?? []), keyword.slice(1)]);
      else others.push(keyword);
    }
  }
  const finder = (keywords: readonly string[]) =>
    new RegExp(`\\b(?:${[...[...byFirstLetter].map(([letter, rests]) => `${letter}(?:${rests.join("|")})`), ...keywords].join("|")})${WORD_END}`, "g");
  const withoutWordScans = finder(others);
  const withWordScans = finder([...others, ...wordScans.map(({ pattern }) => pattern)]);
  return (lowered: string): RegExp => (wordScans.some(({ letters }) => lowered.includes(letters)) ? withWordScans : withoutWordScans);
})();

/** The matches of ALL_KEYWORDS in a lowered text, as matchesOf would give them. */
function keywordMatches(lowered: string): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  const starts = KEYWORD_STARTS(lowered);
  starts.lastIndex = 0;
  for (let start = starts.exec(lowered); start !== null; start = starts.exec(lowered)) {
    ALL_KEYWORDS_HERE.lastIndex = start.index;
    const match = ALL_KEYWORDS_HERE.exec(lowered);
    if (match) matches.push(match);
    starts.lastIndex = match ? Math.max(match.index + match[0].length, start.index + 1) : start.index + 1;
  }
  return matches;
}

/** How many keywords of each subcategory a text holds, weighted. */
function addCounts(text: string, weight: number, scores: number[]): void {
  for (const match of keywordMatches(text.toLowerCase())) {
    for (let group = 1; group < match.length; group++) {
      if (match[group] !== undefined) {
        scores[group - 1]! += WEAK_KEYWORDS.has(match[0]) ? weight / 2 : weight;
        break;
      }
    }
  }
}

/** The most likely fine-grained subcategory, or null when nothing points anywhere. */
export function guessSubcategory(sender: string, subject: string, body: string): string | null {
  return guessSubcategoryWithEvidence(sender, subject, body).subcategory;
}

/**
 * guessSubcategory, with what pointed at it most: the sender's own name, domain or signature (`sender`, inferred), the
 * subject (`subject`, inferred: a subject's words are weighed, not a statement of trade), or the body's words
 * (`words`, guessed); nothing at all is `none`.
 */
function guessSubcategoryWithEvidence(
  sender: string,
  subject: string,
  body: string,
): { subcategory: string | null; evidence: FieldEvidence; scores: readonly number[] | null } {
  if (KNOWN_RETAILER.test(sender)) return { subcategory: "department store", evidence: { kind: "sender", confidence: "inferred" }, scores: null };
  const scores = KEYWORDS.map(([subcategory]) =>
    (TLD_HINTS.some(([tld, hinted]) => hinted === subcategory && tld.test(sender)) ? 3 : 0) +
    (NAME_STEMS.some(([stem, hinted]) => hinted === subcategory && stem.test(sender)) ? 3 : 0) +
    (subcategory === "department store" && RETAILER_NAME.test(sender) ? SENDER_WEIGHT : 0) +
    (subcategory === "media" && PUBLISHER_NAME.test(sender) ? SENDER_WEIGHT * 2 : 0),
  );
  const senderWords = sender.replace(/([a-z])([A-Z])/g, "$1 $2");
  addCounts(senderWords.replace(AMBIGUOUS_SENDER_WORDS, " "), SENDER_WEIGHT, scores);
  for (const [word] of matchesOf(AMBIGUOUS_SENDER_WORDS, senderWords)) addCounts(word, 1, scores);
  const fromSender = [...scores];
  addCounts(subject, SUBJECT_WEIGHT, scores);
  const fromSubject = scores.map((score, index) => score - fromSender[index]!);
  addCounts(body, 1, scores);
  const whole = `${sender}\n${subject}\n${body}`;
  const carsAreFor = CAR_HIRE.test(whole) ? "travel" : CAR_INSURANCE.test(whole) ? "bank" : null;
  if (carsAreFor) {
    const auto = KEYWORDS.findIndex(([subcategory]) => subcategory === "auto");
    const trade = KEYWORDS.findIndex(([subcategory]) => subcategory === carsAreFor);
    scores[trade]! += scores[auto]!;
    scores[auto] = 0;
  }
  let best = -1;
  scores.forEach((score, index) => {
    if (score > (scores[best] ?? 0)) best = index;
  });
  if (!(best >= 0 && scores[best]! >= 2)) return { subcategory: null, evidence: { kind: "none", confidence: "guessed" }, scores };
  const senderPart = fromSender[best]!;
  const subjectPart = fromSubject[best]!;
  const bodyPart = scores[best]! - senderPart - subjectPart;
  const evidence: FieldEvidence =
    senderPart >= subjectPart && senderPart >= bodyPart
      ? { kind: "sender", confidence: "inferred" }
      : subjectPart >= bodyPart
        ? { kind: "subject", confidence: "inferred" }
        : { kind: "words", confidence: wordsClearlyLead(scores, best) ? "inferred" : "guessed" };
  return { subcategory: KEYWORDS[best]![0], evidence, scores };
}

/** The least weight of words, and the share of all of them, by which a mail's words name its trade rather than hint. */
const CLEAR_LEAD = { score: 4, share: 2 / 3 };

/**
 * The mail's words name one trade clearly (several of its words, and most of all it says), as a person reading it
 * would say "this is a shoe shop": inferred, not a guess. Subcategories of one category count together.
 */
function wordsClearlyLead(scores: readonly number[], best: number): boolean {
  const category = toCategory(KEYWORDS[best]![0]);
  let ofCategory = 0;
  let total = 0;
  scores.forEach((score, index) => {
    if (score <= 0) return;
    total += score;
    if (toCategory(KEYWORDS[index]![0]) === category) ofCategory += score;
  });
  return ofCategory >= CLEAR_LEAD.score && ofCategory >= total * CLEAR_LEAD.share;
}

export function guessCategory(sender: string, subject: string, body: string): Category {
  return toCategory(guessSubcategory(sender, subject, body));
}

/** guessCategory, with its evidence. */
export function guessCategoryWithEvidence(sender: string, subject: string, body: string): { category: Category; evidence: FieldEvidence } {
  const { subcategory, evidence } = guessSubcategoryWithEvidence(sender, subject, body);
  return { category: toCategory(subcategory), evidence };
}

/** A mail's category guess with its evidence, and what its words say of each category, from one reading. */
export interface CategoryReading {
  /** guessCategory's answer, but null when nothing points anywhere (rather than Others). */
  guess: Category | null;
  evidence: FieldEvidence;
  /** Each broad category's share of the scores, summing to 1; empty when the guess is null. */
  shares: Partial<Record<Category, number>>;
}

export function readCategory(sender: string, subject: string, body: string): CategoryReading {
  const { subcategory, evidence, scores } = guessSubcategoryWithEvidence(sender, subject, body);
  const guess = subcategory === null ? null : toCategory(subcategory);
  if (guess === null) return { guess, evidence, shares: {} };
  // A known retailer is named, not weighed: all its evidence is its trade.
  if (!scores) return { guess, evidence, shares: { [guess]: 1 } };
  const total = scores.reduce((sum, score) => sum + Math.max(0, score), 0);
  const shares: Partial<Record<Category, number>> = {};
  scores.forEach((score, index) => {
    if (score <= 0) return;
    const category = toCategory(KEYWORDS[index]![0]);
    shares[category] = (shares[category] ?? 0) + score / total;
  });
  return { guess, evidence, shares };
}

/**
 * The words a footer or signature puts after the brand's name ("Barkbridge Pet Co. · 19 Pearl St" gives "Pet Co."):
 * the sender's own description of its trade, as strong as its display name.
 */
export function wordsAfterName(body: string, name: string | null): string {
  if (!name || name.length < 3) return "";
  // A plain search for the name at line starts: cheaper than compiling a regular expression for every message.
  for (let at = body.indexOf(name); at !== -1; at = body.indexOf(name, at + 1)) {
    if (at > 0 && body[at - 1] !== "\n") continue;
    const words = /^[ \t]+([^·|•,\n\d]{1,30})/.exec(body.slice(at + name.length, at + name.length + 32));
    if (words) return words[1]!;
  }
  return "";
}
