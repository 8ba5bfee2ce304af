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
