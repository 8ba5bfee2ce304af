import { useDocumentMeta } from '../../../hooks/use-document-meta';

interface AdminPlaceholderProps {
  heading: string;
  lead: string;
}

/** An admin screen whose content arrives in a later issue. */
export function AdminPlaceholder({ heading, lead }: AdminPlaceholderProps) {
  useDocumentMeta(heading);
  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>{heading}</h1>
        <p className="muted">{lead}</p>
      </header>
    </div>
  );
}
