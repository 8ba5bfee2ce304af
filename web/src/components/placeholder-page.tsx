import type { ReactNode } from 'react';
import { DEFAULT_DESCRIPTION, useDocumentMeta } from '../hooks/use-document-meta';

interface PlaceholderPageProps {
  /** The page's h1, and the tab title unless `title` is given. */
  heading: string;
  title?: string;
  description?: string;
  lead: string;
  children?: ReactNode;
}

/** A page whose real content arrives in a later issue: its real h1 and one short line. */
export function PlaceholderPage({
  heading,
  title,
  description = DEFAULT_DESCRIPTION,
  lead,
  children,
}: PlaceholderPageProps) {
  useDocumentMeta(title ?? heading, description);
  return (
    <div className="page">
      <section className="page-hero">
        <div className="container">
          <h1>{heading}</h1>
          <p className="lead">{lead}</p>
          {children}
        </div>
      </section>
    </div>
  );
}
