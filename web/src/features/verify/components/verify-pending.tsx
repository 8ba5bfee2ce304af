import { useRef } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { VerifyLayout, VerifyLead } from './verify-layout';

export const CODE_CHECKING_LABEL = 'Checking your verification link';

/**
 * /verify/{code} while its chunk loads: the page's own first view (heading and the link check's
 * spinner), so the frame in verify-shell.html, this and the page itself paint the same. Small and
 * eager (app/router.tsx); the page's style sheet is linked in that frame's HTML.
 */
export function VerifyPending() {
  const titleRef = useRef<HTMLHeadingElement>(null);
  return (
    <VerifyLayout title="Identity Verification" titleRef={titleRef} announcement="">
      <VerifyLead pending />
      <Spinner label={CODE_CHECKING_LABEL} />
    </VerifyLayout>
  );
}
