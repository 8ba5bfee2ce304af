import { useState, type ReactNode } from 'react';

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

/** Signs out; disabled from the click on, so a second click cannot start a second sign-out. */
export function LogoutButton({ onLogout, className = 'button button--ghost' }: { onLogout: () => Promise<void>; className?: string }) {
  const [leaving, setLeaving] = useState(false);
  async function logout() {
    setLeaving(true);
    await onLogout();
  }
  return (
    <button type="button" className={className} onClick={logout} disabled={leaving}>
      Logout
    </button>
  );
}
