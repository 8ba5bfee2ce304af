import type { ReactNode } from 'react';

interface PageHeroProps {
  eyebrow?: string;
  heading: string;
  lead: ReactNode;
  children?: ReactNode;
}

/** The top band of an inner page: its one h1 and a lead paragraph. */
export function PageHero({ eyebrow, heading, lead, children }: PageHeroProps) {
  return (
    <section className="page-hero" aria-labelledby="page-title">
      <div className="container">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 id="page-title">{heading}</h1>
        <p className="lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}
