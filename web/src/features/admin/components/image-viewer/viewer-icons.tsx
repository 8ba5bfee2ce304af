import type { ReactNode } from 'react';

/* The viewer's toolbar icons: inline SVG, since some glyphs (⛶) are missing from common fonts. Decorative. */

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const PreviousIcon = () => (
  <Icon>
    <path d="M15 18l-6-6 6-6" />
  </Icon>
);

export const NextIcon = () => (
  <Icon>
    <path d="M9 18l6-6-6-6" />
  </Icon>
);

export const ZoomOutIcon = () => (
  <Icon>
    <path d="M5 12h14" />
  </Icon>
);

export const ZoomInIcon = () => (
  <Icon>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const RotateLeftIcon = () => (
  <Icon>
    <path d="M3 4v6h6" />
    <path d="M3.5 14a8.5 8.5 0 1 0 2-8.9L3 10" />
  </Icon>
);

export const RotateRightIcon = () => (
  <Icon>
    <path d="M21 4v6h-6" />
    <path d="M20.5 14a8.5 8.5 0 1 1-2-8.9L21 10" />
  </Icon>
);

export const FullscreenIcon = () => (
  <Icon>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);
