/**
 * What one mail says about its sender's trade, kept with its answer so the brand's category can be decided over all
 * of its mail (src/domain/brandCategory.ts): the share of each category in its words, and the kinds of business its
 * schema.org markup declares.
 */
import type { MailCategoryEvidence } from "../../src/domain/brandCategory";
import type { Category } from "../../src/domain/category";
import type { CategoryReading } from "./subcategory";

/**
 * schema.org types that name a trade (the LocalBusiness and Product families), each with its category. Types that
 * every mailer uses (Organization, Offer, DiscountOffer, PromotionCard, EmailMessage) say nothing of the trade.
 */
const TYPE_CATEGORY: Readonly<Record<string, Category>> = {
  AutoDealer: "Automotive", AutoRepair: "Automotive", AutoPartsStore: "Automotive", AutomotiveBusiness: "Automotive",
  AutoBodyShop: "Automotive", AutoWash: "Automotive", GasStation: "Automotive", MotorcycleDealer: "Automotive",
  MotorcycleRepair: "Automotive", TireShop: "Automotive", Car: "Automotive", Vehicle: "Automotive", Motorcycle: "Automotive",
  BeautySalon: "Beauty", DaySpa: "Beauty", HairSalon: "Beauty", NailSalon: "Beauty", HealthAndBeautyBusiness: "Beauty",
  Pharmacy: "Health", Drugstore: "Health", MedicalBusiness: "Health", MedicalClinic: "Health", Optician: "Health",
  Dentist: "Health", Physician: "Health", HealthClub: "Health", ExerciseGym: "Health", SportsActivityLocation: "Health",
  DietarySupplement: "Health", Drug: "Health",
  PetStore: "Pets", VeterinaryCare: "Pets", AnimalShelter: "Pets",
  DepartmentStore: "Shopping", ElectronicsStore: "Shopping", ComputerStore: "Shopping", ToyStore: "Shopping",
  GroceryStore: "Shopping", ConvenienceStore: "Shopping", BookStore: "Shopping", SportingGoodsStore: "Shopping",
  OutletStore: "Shopping", WholesaleStore: "Shopping", BikeStore: "Shopping", MusicStore: "Shopping",
  MobilePhoneStore: "Shopping", HobbyShop: "Shopping", OfficeEquipmentStore: "Shopping", LiquorStore: "Shopping",
  Book: "Shopping",
  HomeGoodsStore: "Home", FurnitureStore: "Home", HardwareStore: "Home", GardenStore: "Home", Florist: "Home",
  HomeAndConstructionBusiness: "Home", HomeAndConstructionBusinessStore: "Home",
  BankOrCreditUnion: "Finance", FinancialService: "Finance", InsuranceAgency: "Finance", AccountingService: "Finance",
  FinancialProduct: "Finance", LoanOrCredit: "Finance", BankAccount: "Finance", CreditCard: "Finance",
  InvestmentOrDeposit: "Finance", PaymentCard: "Finance", MortgageLoan: "Finance",
  ClothingStore: "Fashion", ShoeStore: "Fashion", JewelryStore: "Fashion",
  Restaurant: "Travel and Local", FoodEstablishment: "Travel and Local", CafeOrCoffeeShop: "Travel and Local",
  Bakery: "Travel and Local", BarOrPub: "Travel and Local", Brewery: "Travel and Local", FastFoodRestaurant: "Travel and Local",
  IceCreamShop: "Travel and Local", Winery: "Travel and Local", Menu: "Travel and Local",
  LodgingBusiness: "Travel and Local", Hotel: "Travel and Local", Motel: "Travel and Local", Resort: "Travel and Local",
  BedAndBreakfast: "Travel and Local", Hostel: "Travel and Local", Campground: "Travel and Local",
  TravelAgency: "Travel and Local", Airline: "Travel and Local", Flight: "Travel and Local", TouristTrip: "Travel and Local",
  TouristAttraction: "Travel and Local", MovieTheater: "Travel and Local", EntertainmentBusiness: "Travel and Local",
  AutoRental: "Travel and Local", HotelRoom: "Travel and Local", Event: "Travel and Local",
  SoftwareApplication: "Software and Apps", MobileApplication: "Software and Apps", WebApplication: "Software and Apps",
  VideoGame: "Software and Apps",
};

/** The categories the markup's types name, each once. */
export function categoriesOfTypes(types: readonly string[]): Category[] {
  return [...new Set(types.map((type) => TYPE_CATEGORY[type]).filter((category): category is Category => category !== undefined))];
}

/** The evidence of one mail: its words' shares (as its category's reading found them) and its markup's categories. */
export function mailCategoryEvidence(reading: CategoryReading, markupTypes: readonly string[]): MailCategoryEvidence {
  return { words: reading.shares, markup: categoriesOfTypes(markupTypes) };
}
