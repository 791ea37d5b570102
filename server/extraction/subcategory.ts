import { toCategory, type Category } from "../../src/domain/category";

/**
 * Keywords that say what a sender sells, each pointing at a fine-grained subcategory the shared map knows.
 * Some point at subcategories the shared map lacks (media, education, photo printing); those map to Others.
 */
const KEYWORDS: ReadonlyArray<[string, RegExp]> = [
  ["auto", /\b(?:brakes?|rotors?|oil change|tires?|tyres?|wipers?(?: blades?)?|vehicles?|auto ?parts|car wash|alignment|transmission|dealership|mechanic|motors?|automotive|service advisor|mileage|engine|sedans?|suv|trucks?|vin)\b/gi],
  ["beauty", /\b(?:skin ?care|skincare|serums?|cleansers?|moisturi[sz]ers?|lip(?:stick| tints?| gloss)?|makeup|mascara|cosmetics?|cosm[ée]tic\w*|fragrances?|perfumes?|balms?|beauty|shades?|salon|niacinamid\w*|sunscreen|protector solar|sueros?|maquillaje|nails?|hair ?care|shampoo)\b/gi],
  ["pharmacy", /\b(?:pharmac(?:y|ies|ist)|vitamins?|supplements?|flu shots?|prescriptions?|rx|protein|wellness|optical|frames|lenses|eyewear|glasses|contacts|dental|clinic|fsa|hsa|nutrition|health)\b/gi],
  ["pets", /\b(?:pets?|dogs?|cats?|puppy|puppies|kitten|kibble|litter|treats|vet|veterinar\w*|grooming|autoship|paws?|fetch|beagle|leash)\b/gi],
  ["department store", /\b(?:department stores?|doorbusters?|toys|electronics|tech|marketplace|general store|everything store)\b/gi],
  ["home", /\b(?:bedding|duvet|sheets?|quilts?|pillows?|rugs?|runners?|furniture|sofas?|decor|paints?|painting|gallons?|primers?|cookware|skillets?|pans?|kitchen|bakeware|knives|lighting|bath|candles?|mattress\w*|curtains?|home goods)\b/gi],
  ["bank", /\b(?:bank|banking|credit union|savings|checking|apy|apr|credit cards?|cardmembers?|deposit|loans?|mortgage|fdic|ncua|interest|insurance|invest\w*|card offer)\b/gi],
  ["apparel", /\b(?:dress(?:es)?|knits?|sweaters?|cardigans?|jackets?|coats?|boots?|shoes?|sneakers?|denim|jeans|tees?|t-shirts?|hoodies?|lounge(?:wear)?|apparel|clothing|fashion|styles?|outfits?|boutiques?|cashmere|wool|leather|pants?|shorts|jewell?ery|handbags?|streetwear|lookbook|wardrobe)\b/gi],
  ["travel", /\b(?:flights?|fares?|airlines?|airport|miles|hotels?|resorts?|stays?|nights?|booking|vacation|trip|cruise|destinations?|restaurant|bistro|menu|dine-in|dining|brunch|reservations?|table|chef)\b/gi],
  ["software", /\b(?:apps?|software|saas|subscription plan|upgrade|pro plan|premium plan|vpn|devices?|servers?|encryption|sync|cloud|download|workspace|plugins?|features?|billing|monthly plan|annual plan|version \d)\b/gi],
  ["media", /\b(?:magazine|newspaper|journalism|reporting|issues?|crossword|subscribers?|podcast|editorial|essays)\b/gi],
  ["education", /\b(?:courses?|learning|lessons?|certificates?|classes|tutorials?|academy|education|students?)\b/gi],
  ["photo printing", /\b(?:photo books?|prints?|printing|holiday cards|photo cards|canvas prints?)\b/gi],
];

/** Domains and sender names are strong evidence; body words are weaker. */
const SENDER_WEIGHT = 6;
const SUBJECT_WEIGHT = 2;

function count(pattern: RegExp, text: string): number {
  pattern.lastIndex = 0;
  return text.match(pattern)?.length ?? 0;
}

/** The most likely fine-grained subcategory, or null when nothing points anywhere. */
export function guessSubcategory(sender: string, subject: string, body: string): string | null {
  const senderWords = sender.replace(/([a-z])([A-Z])/g, "$1 $2");
  let best: string | null = null;
  let bestScore = 0;
  for (const [subcategory, pattern] of KEYWORDS) {
    const score = count(pattern, senderWords) * SENDER_WEIGHT + count(pattern, subject) * SUBJECT_WEIGHT + count(pattern, body);
    if (score > bestScore) {
      best = subcategory;
      bestScore = score;
    }
  }
  return bestScore >= 2 ? best : null;
}

export function guessCategory(sender: string, subject: string, body: string): Category {
  return toCategory(guessSubcategory(sender, subject, body));
}
