import { site } from '../../../config/site';
import { ContactLine } from '../components/contact-line';
import { LegalPage, type LegalSection } from '../components/legal-page';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'what-are-cookies',
    title: 'What Cookies Are',
    body: (
      <p>
        Cookies are small text files a website stores in your browser. Similar technologies, such as local storage and
        session storage, keep information on your device in the same way. This policy covers all of them.
      </p>
    ),
  },
  {
    id: 'cookies-we-use',
    title: 'Cookies and Storage We Use',
    body: (
      <ul>
        <li>
          <strong>Strictly necessary:</strong> security tokens that protect forms against forged requests, and session
          storage that keeps you signed in to the shareholder portal until you log out or close the tab.
        </li>
        <li>
          <strong>Functional:</strong> stored copies of the site&apos;s files so pages load quickly and work with a weak
          connection.
        </li>
        <li>
          <strong>Advertising:</strong> we do not use advertising or tracking cookies, and we do not sell information
          collected through cookies.
        </li>
      </ul>
    ),
  },
  {
    id: 'managing-cookies',
    title: 'Managing Cookies',
    body: (
      <p>
        You can block or delete cookies in your browser settings. Blocking strictly necessary cookies and storage will
        prevent the shareholder portal and the contact form from working.
      </p>
    ),
  },
  {
    id: 'changes-contact',
    title: 'Changes and Contact',
    body: (
      <>
        <p>We may update this policy; the date at the top shows the latest version. Questions can be sent to:</p>
        <ContactLine />
      </>
    ),
  },
];

export default function CookiePolicyPage() {
  return (
    <LegalPage
      heading="Cookie Policy"
      description={`How ${site.name} uses cookies, local storage and similar technologies on its website and portals.`}
      intro={
        <p>
          This policy explains which cookies and similar technologies {site.name} uses and how you can control them.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
