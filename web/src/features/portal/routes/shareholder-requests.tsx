import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { useHydrated } from '../../../hooks/use-hydrated';
import { importInSlices, ZOD_FIRST } from '../../../lib/import-in-slices';
import { PAGE_TITLE_ID, PortalHero } from '../components/hero';
import { HowItWorks } from '../components/how-it-works';
import { SUPPORT_HEADING_ID, SupportSection } from '../components/support-section';
import { getPortalToken, signInLinkInAddress } from '../portal-session';
import { byId, useDelayedFocus } from '../use-delayed-focus';

// The sign-in and everything after it, loaded when the visitor reaches for Access Portal (a pointer
// over it, or the focus) or presses it, in slices (zod and the error schema, the API client, the
// sign-in rules, then the steps) so that no one task holds the page. The first view is text and two
// buttons and needs no zod: zod's first use was the longest task of the page's load on a phone
// (Lighthouse TBT).
let signIn: ReturnType<typeof importSignIn> | undefined;
const importSignIn = () =>
  importInSlices(
    [ZOD_FIRST, () => import('../../../lib/api-client'), () => import('@ledgerwell/shared/portal-auth')],
    () => import('../components/portal-sign-in'),
  );
const loadSignIn = () => (signIn ??= importSignIn());
const PortalSignIn = lazy(loadSignIn);

export default function ShareholderRequestsPage() {
  useDocumentMeta(
    'Shareholder Portal',
    'Sign in with your shareholder code and statement account number to send transfer, address change, certificate and general requests about your holdings.',
  );
  const focusLater = useDelayedFocus();
  // A token kept from earlier in this tab, or an e-mailed sign-in link, opens the sign-in on its session.
  const [storedSignIn, setSignIn] = useState(() => getPortalToken() !== null || signInLinkInAddress() !== null);
  // The prerendered HTML knows no session: hydrate as the first view, then show this tab's.
  const signingIn = useHydrated() && storedSignIn;

  // A sign-in link opened in this tab changes only the fragment: the page does not reload.
  useEffect(() => {
    const opened = () => {
      if (signInLinkInAddress()) setSignIn(true);
    };
    window.addEventListener('hashchange', opened);
    return () => window.removeEventListener('hashchange', opened);
  }, []);

  const exit = useCallback(
    (moveFocus: boolean) => {
      setSignIn(false);
      if (moveFocus) focusLater(byId(PAGE_TITLE_ID));
    },
    [focusLater],
  );

  return (
    <div className="page portal">
      <PortalHero
        showActions={!signingIn}
        onAccess={() => setSignIn(true)}
        onAccessNear={() => void loadSignIn()}
        onHelp={() => focusLater(byId(SUPPORT_HEADING_ID))}
      />
      {signingIn ? (
        <section id="portal-main" className="section portal-main" aria-label="Shareholder portal sign-in and requests">
          <div className="container">
            <Suspense fallback={<Spinner block label="Opening the sign-in" />}>
              <PortalSignIn onExit={exit} />
            </Suspense>
          </div>
        </section>
      ) : (
        <HowItWorks />
      )}
      <SupportSection />
    </div>
  );
}
