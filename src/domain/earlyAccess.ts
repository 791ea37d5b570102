/** The early-access form's rules (docs/product.md, "Early-access form"). */
export const SHOPPING_FREQUENCIES = ["daily", "weekly", "monthly", "occasionally"] as const;
export type ShoppingFrequency = (typeof SHOPPING_FREQUENCIES)[number];

export const FREQUENCY_LABELS: Record<ShoppingFrequency, string> = {
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
  occasionally: "Occasionally",
};

export interface EarlyAccessForm {
  name: string;
  email: string;
  frequency: string;
}

export interface ValidEarlyAccess {
  name: string;
  email: string;
  shopping_frequency: ShoppingFrequency;
}

/** Trimmed values when name, email and a known frequency are all given; null otherwise. */
export function validateEarlyAccess(form: EarlyAccessForm): ValidEarlyAccess | null {
  const name = form.name.trim();
  const email = form.email.trim();
  const frequency = form.frequency.trim();
  if (!name || !email || !(SHOPPING_FREQUENCIES as readonly string[]).includes(frequency)) return null;
  return { name, email, shopping_frequency: frequency as ShoppingFrequency };
}

export const EARLY_ACCESS_TOASTS = {
  validation: { title: "Validation Error", description: "Please fill in all required fields." },
  success: { title: "Success", description: "Request sent successfully! We'll be in touch soon." },
  refusedFallback: "Failed to submit request. Please try again.",
  invalidFallback: "Invalid request data. Please check your information.",
  network: { title: "Network Error", description: "Failed to submit request. Please check your connection and try again." },
} as const;
