import { CheckIcon } from '../../../components/icons';
import { NeedsJavaScript } from '../../../components/ui/needs-javascript';
import { useHydrated } from '../../../hooks/use-hydrated';

interface PortalHeroProps {
  /** The first view shows Access Portal and Need Help; later views keep only the heading. */
  showActions: boolean;
  onAccess: () => void;
  /** A pointer over Access Portal, or the focus on it: the sign-in's code can be fetched now. */
  onAccessNear: () => void;
  onHelp: () => void;
}

export const PAGE_TITLE_ID = 'page-title';

const LockIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width={16}
    height={16}
    className="icon"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);

/** The page's one h1, under the Secure Portal banner (spec 2, view 1). */
export function PortalHero({ showActions, onAccess, onAccessNear, onHelp }: PortalHeroProps) {
  // The prerendered buttons paint before the page's script: disabled until React handles them, so an
  // early click waits instead of being lost (a disabled button takes no click).
  const hydrated = useHydrated();
  return (
    <section
      className={showActions ? 'page-hero portal-hero' : 'page-hero portal-hero portal-hero--compact'}
      aria-labelledby={PAGE_TITLE_ID}
    >
      <div className="container">
        <p className="portal-badge">
          <LockIcon />
          Secure Portal
        </p>
        <h1 id={PAGE_TITLE_ID} tabIndex={-1}>
          Shareholder Portal
        </h1>
        <p className="lead">
          Send transfer, address change, certificate and general requests about your holdings. Sign in with the
          shareholder code and the account number printed on your statement.
        </p>
        {showActions && (
          <>
            <NeedsJavaScript subject="Signing in to the portal" />
            <div className="actions">
              <button
                type="button"
                className="button"
                onClick={onAccess}
                onPointerEnter={onAccessNear}
                onPointerDown={onAccessNear}
                onFocus={onAccessNear}
                disabled={!hydrated}
              >
                Access Portal
              </button>
              <button type="button" className="button button--secondary" onClick={onHelp} disabled={!hydrated}>
                Need Help
              </button>
            </div>
            <ul className="trust-list">
              <li>
                <CheckIcon size={18} />
                Two-step sign-in
              </li>
              <li>
                <CheckIcon size={18} />
                Encrypted connection
              </li>
              <li>
                <CheckIcon size={18} />
                Processed in 2-3 business days
              </li>
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
