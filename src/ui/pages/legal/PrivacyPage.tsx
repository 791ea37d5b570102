import { LEGAL_CONTACT_EMAIL, LegalLayout } from "./LegalLayout";

export default function PrivacyPage() {
  const mail = <a href={`mailto:${LEGAL_CONTACT_EMAIL}`}>{LEGAL_CONTACT_EMAIL}</a>;
  return (
    <LegalLayout title="Privacy and Cookie Policy" other="terms">
      <p>
        Deal Finder is operated by a venture studio company (&quot;we&quot;, &quot;us&quot;, &quot;our&quot;). This policy
        explains what information Deal Finder collects when you use our website, dashboard and browser extension (together,
        the &quot;Service&quot;), how we use it, and the choices you have.
      </p>

      <h2>1. The short version</h2>
      <ul>
        <li>We only read the emails in your Gmail Promotions category, and only with your permission.</li>
        <li>Our access to Gmail is read-only. We never send, delete, label or change your email.</li>
        <li>We use what we read only to find deals and promo codes and show them to you.</li>
        <li>We never sell your data, and we do not use your email content for advertising.</li>
        <li>You can disconnect Gmail at any time and ask us by email to delete your data.</li>
        <li>The browser extension never tells us or anyone else which sites you visit, and adds no affiliate links.</li>
        <li>Our weekly report and reminders are made only from the deals your dashboard shows; one click stops them.</li>
      </ul>

      <h2>2. Information we collect</h2>
      <h3>Account information</h3>
      <p>
        Accounts are created only through Google sign-in. From Google we receive your name, email address and a Google
        account identifier. We do not use or store passwords.
      </p>
      <h3>Gmail data</h3>
      <p>
        If you connect Gmail, we request read-only access and read the messages Gmail files under Promotions. From each
        promotional email we extract the sender brand, the offer, promo codes, expiry dates, links and images of the
        offer. We do not read your personal, social, updates or primary mail.
      </p>
      <h3>Images in your emails</h3>
      <p>
        Senders can use the images in an email to learn when, where and on which device it is opened. Your browser
        never loads them from the sender: Deal Finder fetches the images of an offer on your behalf and shows them to
        you from our own servers, without your cookies, address or browser details. The sender can see at most that
        Deal Finder fetched an image, never your IP address, your browser or where you read. Images used only for
        tracking, such as invisible one-pixel images, are discarded.
      </p>
      <h3>The browser extension</h3>
      <p>
        When you connect the extension, it gets a session of its own that can do one thing: download your own active
        deals that carry a promo code, from the brands you have switched on (with each deal&apos;s brand, its web
        domain, its title, its discount, its expiry date and its codes). It cannot read the rest of your account, change
        your settings, start a sync or delete anything. We record when it was connected, when it last downloaded your
        codes and which browser it runs in, so you can see it in Settings and disconnect it there.
      </p>
      <p>
        The extension compares the site you are on with your brands inside your browser. No web address or site name you
        visit is ever sent to us or to anyone else. It never adds or changes affiliate links, never touches your cookies,
        never opens tabs or redirects you, and calls a code working only after it applied it and saw your total drop.
      </p>
      <h3>Usage and device information</h3>
      <p>
        We keep basic technical records (such as request times, error reports and the browser you use) to operate and
        secure the Service.
      </p>
      <h3>Information you give us</h3>
      <p>
        When you join the beta we collect your name, email address and how often you shop online. When you give
        feedback through our external form, that form&apos;s provider processes your answers.
      </p>

      <h2>3. How we use information</h2>
      <ul>
        <li>To find deals and promo codes in your promotional emails and show them on your dashboard.</li>
        <li>To let the browser extension remind you of your deals on merchant sites and fill in codes where possible.</li>
        <li>To send you service emails such as weekly deal reports, which you can turn off.</li>
        <li>To keep the Service secure, fix problems and improve how well deals are recognised.</li>
        <li>To comply with the law.</li>
      </ul>
      <h3>Emails we send you</h3>
      <p>
        We send three kinds of email, only to your account&apos;s email address: a weekly report of your deals (new
        deals, codes that expire soon, totals by category, only from the brands you have switched on); for a deal you
        starred with &quot;Remind me&quot;, a reminder before it ends, as early as you choose; and, when you set alert
        rules, at most one alert a day with the new deals they match. All are made only from the deals your dashboard
        already shows: their titles, brands, codes, discounts and end dates. No other content of your email is put in
        them, and they are sent to no one else.
      </p>
      <p>
        To stop them, turn them off in Settings, under Emails, or use the unsubscribe link at the foot of every email:
        one click turns them off, without signing in. If your mail server refuses our emails for good, we stop sending
        them and say so in Settings.
      </p>

      <h2>4. Google user data</h2>
      <p>
        Deal Finder&apos;s use and transfer of information received from Google APIs adheres to the Google API Services
        User Data Policy, including the Limited Use requirements. We use Gmail data only to provide the features you
        see in the Service. We do not transfer it to others except as needed to provide those features, to comply with
        law, or as part of a merger or acquisition with notice to you. No person at Deal Finder reads your email unless
        you ask us to for support, it is needed for security, or the law requires it.
      </p>

      <h2>5. Sharing</h2>
      <p>
        We never sell your personal information or your email content. We share information only with service
        providers who host and run the Service for us under confidentiality obligations, when the law requires it, or
        to protect the rights and safety of our users and the public.
      </p>

      <h2>6. Cookies and local storage</h2>
      <p>
        The Service keeps your sign-in session in your browser&apos;s local storage so that you stay signed in. We use no
        advertising cookies and no cross-site tracking. Clearing your browser storage signs you out.
      </p>

      <h2>7. Retention and deletion</h2>
      <p>
        We keep extracted deals while your account is active so that your dashboard stays useful. When you disconnect
        Gmail we stop reading your email and revoke our access. You can request deletion of your account and all data
        we hold about you by emailing {mail}; we delete it within 30 days, except records the law requires us to keep.
      </p>

      <h2>8. Security</h2>
      <p>
        Data is encrypted in transit. Access tokens are kept short-lived and stored securely, and access to our systems
        is restricted to the people who need it to run the Service.
      </p>

      <h2>9. Children</h2>
      <p>
        The Service is not directed to children under 13, and we do not knowingly collect information from children
        under 13. If you believe a child has given us information, contact us and we will delete it.
      </p>

      <h2>10. Your rights</h2>
      <p>
        Depending on where you live you may have the right to access, correct, export or delete your information and to
        object to some processing. Email {mail} and we will answer within 30 days.
      </p>

      <h2>11. Changes</h2>
      <p>
        We will post any change to this policy on this page with a new date, and tell you by email or in the Service
        before a material change takes effect.
      </p>

      <h2>12. Contact</h2>
      <p>Questions about privacy or requests about your data: {mail}.</p>
    </LegalLayout>
  );
}
