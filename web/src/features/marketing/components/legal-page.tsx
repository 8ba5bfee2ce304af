import type { ReactNode } from 'react';
import { useDocumentMeta } from '../../../hooks/use-document-meta';

export const LEGAL_EFFECTIVE = 'March 1, 2025';
export const LEGAL_UPDATED = 'June 15, 2025';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  heading: string;
  description: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** A legal document: h1, the effective and updated dates, a table of contents and numbered sections. */
export function LegalPage({ heading, description, intro, sections }: LegalPageProps) {
  useDocumentMeta(heading, description);
  return (
    <div className="page">
      <section className="page-hero" aria-labelledby="page-title">
        <div className="container">
          <p className="eyebrow">Legal</p>
          <h1 id="page-title">{heading}</h1>
          <p className="legal__dates">
            <span>Effective {LEGAL_EFFECTIVE}</span>
            <span>Updated {LEGAL_UPDATED}</span>
          </p>
        </div>
      </section>
      <div className="section">
        <div className="container legal">
          <div className="prose">{intro}</div>
          <nav className="legal-toc" aria-labelledby="toc-heading">
            <h2 id="toc-heading">Contents</h2>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              className="legal__section"
              aria-labelledby={`${section.id}-heading`}
            >
              <h2 id={`${section.id}-heading`}>
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
