import { Link } from 'react-router';
import { APP_NAME } from '@ledgerwell/shared/app-info';

interface BrandProps {
  to: string;
  /** Small text after the name, e.g. "Admin". */
  suffix?: string;
}

export function Brand({ to, suffix }: BrandProps) {
  return (
    <Link to={to} className="brand">
      <svg className="brand__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" className="brand__mark-bg" />
        <path d="M10 8v16h12" className="brand__mark-line" />
        <path d="M15 12h7M15 17h7" className="brand__mark-accent" />
      </svg>
      <span className="brand__name">{APP_NAME}</span>
      {suffix && <span className="brand__suffix">{suffix}</span>}
    </Link>
  );
}
