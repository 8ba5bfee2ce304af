import type { ReactNode, RefObject } from 'react';

interface VerifyLayoutProps {
  title: string;
  titleRef: RefObject<HTMLHeadingElement | null>;
  announcement: string;
  children: ReactNode;
}

/** The page's frame: its one h1, and the live region that announces step changes. */
export function VerifyLayout({ title, titleRef, announcement, children }: VerifyLayoutProps) {
  return (
    <div className="verify">
      <div className="container verify__container">
        <h1 ref={titleRef} tabIndex={-1} className="verify__title">
          {title}
        </h1>
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
        {children}
      </div>
    </div>
  );
}

/**
 * What the check is for, under the heading. In the pending view too (verify-shell.html), without the
 * reference (not known yet) and with what happens first: so the page's largest text paints with the
 * frame. It must not be smaller than the lead that replaces it, or that one would become the page's
 * largest paint, a second later (Lighthouse LCP 2.4 s).
 */
export function VerifyLead({ reference, pending = false }: { reference?: string | null; pending?: boolean }) {
  return (
    <p className="lead verify__lead">
      Your transfer request{reference ? ` ${reference}` : ''} needs a photo identity check: a selfie, then the front and
      the back of your ID.
      {pending ? ' First, we check the link you followed: this takes a moment.' : ''}
    </p>
  );
}
