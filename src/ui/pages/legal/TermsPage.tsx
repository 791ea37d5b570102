import { Link } from "wouter";
import { LEGAL_CONTACT_EMAIL, LegalLayout } from "./LegalLayout";

export default function TermsPage() {
  const mail = <a href={`mailto:${LEGAL_CONTACT_EMAIL}`}>{LEGAL_CONTACT_EMAIL}</a>;
  return (
    <LegalLayout title="Terms of Service" other="privacy">
      <p>
        These terms govern your use of Deal Finder, its website, dashboard and browser extension (the
        &quot;Service&quot;), operated by a venture studio company (&quot;we&quot;, &quot;us&quot;, &quot;our&quot;). By
        creating an account or using the Service you agree to these terms.
      </p>

      <h2>1. Eligibility</h2>
      <p>You must be at least 18 years old and able to form a binding contract to use the Service.</p>

      <h2>2. Your account</h2>
      <p>
        You sign up and sign in with your Google account; there are no Deal Finder passwords. You are responsible for
        keeping your Google account secure and for everything done through your Deal Finder account.
      </p>

      <h2>3. What the Service does</h2>
      <p>
        With your permission the Service reads the emails in your Gmail Promotions category, read-only, extracts deals
        and promo codes, and shows them on your dashboard. The optional browser extension reminds you of your deals on
        merchant sites and fills in promo codes where possible. Our handling of your data is described in our{" "}
        <Link href="/privacy">Privacy Policy</Link>; we never sell it.
      </p>

      <h2>4. Deals come from merchants</h2>
      <p>
        Offers and codes are made by the merchants who sent them, not by us. We extract them automatically and cannot
        guarantee that an offer is accurate, still valid, or accepted at checkout. Check the merchant&apos;s terms before
        you buy. Your purchases are contracts between you and the merchant.
      </p>

      <h2>5. Acceptable use</h2>
      <ul>
        <li>Use the Service only for your own personal, non-commercial shopping.</li>
        <li>Do not connect an email account you are not authorised to use.</li>
        <li>Do not copy, resell, scrape or reverse engineer the Service, or disrupt or overload it.</li>
        <li>Do not use the Service to break the law or a merchant&apos;s terms.</li>
      </ul>

      <h2>6. Beta features</h2>
      <p>
        Parts of the Service are offered as a beta. They may change, break or be withdrawn, and are provided for
        evaluation.
      </p>

      <h2>7. Our rights</h2>
      <p>
        The Service, its software and its design belong to us and our licensors. We give you a personal, revocable,
        non-transferable licence to use the Service under these terms. Feedback you send us may be used without
        obligation to you.
      </p>

      <h2>8. Ending your use</h2>
      <p>
        You can stop using the Service at any time, disconnect Gmail, and ask us to delete your data by emailing {mail}.
        We may suspend or close accounts that break these terms or put the Service or others at risk.
      </p>

      <h2>9. Disclaimers</h2>
      <p>
        The Service is provided &quot;as is&quot; and &quot;as available&quot;, without warranties of any kind, express or
        implied, including merchantability, fitness for a particular purpose and non-infringement, to the extent the
        law allows.
      </p>

      <h2>10. Limitation of liability</h2>
      <p>
        To the extent the law allows, we are not liable for indirect, incidental, special, consequential or punitive
        damages, or for lost profits, savings or data. Our total liability for any claim about the Service is limited to
        the amount you paid us for the Service in the 12 months before the claim, or 100 US dollars if you paid
        nothing.
      </p>

      <h2>11. Indemnity</h2>
      <p>
        You agree to hold us harmless from claims arising from your misuse of the Service or your breach of these
        terms.
      </p>

      <h2>12. Governing law</h2>
      <p>
        These terms are governed by the laws of the State of Delaware, USA, without regard to its conflict-of-law
        rules, and disputes will be heard by the state or federal courts located in Delaware.
      </p>

      <h2>13. Changes</h2>
      <p>
        We may update these terms. We will post the new version here with a new date and tell you before a material
        change takes effect. Continuing to use the Service after that means you accept the new terms.
      </p>

      <h2>14. Contact</h2>
      <p>Questions about these terms: {mail}.</p>
    </LegalLayout>
  );
}
