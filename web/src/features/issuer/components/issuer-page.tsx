import type { ReactNode } from 'react';
import './issuer-page.css';

interface IssuerPageProps {
  title: string;
  intro: ReactNode;
  /** What stands beside the title, such as a download button. */
  actions?: ReactNode;
  /** A link back up, shown above the title. */
  back?: ReactNode;
  children: ReactNode;
}

/** An issuer screen: its one h1 and one-line introduction, its actions beside them, then its content. */
export function IssuerPage({ title, intro, actions, back, children }: IssuerPageProps) {
  return (
    <div className="admin-page issuer-page">
      {back && <p className="back-link">{back}</p>}
      <header className="admin-page__header admin-page__header--split">
        <div>
          <h1>{title}</h1>
          <p className="muted">{intro}</p>
        </div>
        {actions && <div className="header-actions">{actions}</div>}
      </header>
      {children}
    </div>
  );
}
