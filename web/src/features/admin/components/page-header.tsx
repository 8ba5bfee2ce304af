import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ExportCsvButton, type ExportCsvButtonProps } from '../../../components/download-button';

interface PageHeaderProps {
  title: string;
  intro: ReactNode;
  /** What stands on the right: usually a `header-actions` group. */
  children?: ReactNode;
}

/** An admin screen's title and one-line introduction, its actions on the right. */
export function PageHeader({ title, intro, children }: PageHeaderProps) {
  return (
    <header className="admin-page__header admin-page__header--split">
      <div>
        <h1>{title}</h1>
        <p className="muted">{intro}</p>
      </div>
      {children}
    </header>
  );
}

interface ListPageHeaderProps {
  title: string;
  intro: ReactNode;
  /** Export CSV, for the roles that may export; null hides the button. */
  exportCsv: ExportCsvButtonProps | null;
}

/** A list screen's header (spec 2.4, 2.5): Export CSV and Back to Dashboard; Logout is the navigation's (issue 29). */
export function ListPageHeader({ title, intro, exportCsv }: ListPageHeaderProps) {
  return (
    <PageHeader title={title} intro={intro}>
      <div className="header-actions">
        {exportCsv && <ExportCsvButton {...exportCsv} />}
        <Link className="button button--secondary" to={paths.admin.dashboard}>
          Back to Dashboard
        </Link>
      </div>
    </PageHeader>
  );
}
