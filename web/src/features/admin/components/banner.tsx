import type { BannerMessage } from '../hooks/use-banner';

interface BannerProps {
  banner: BannerMessage | null;
  /** The screen's own class on the notice (e.g. 'users-banner'). */
  className: string;
  /** A class on the text, where the screen styles it. */
  textClassName?: string;
  onDismiss: () => void;
}

/** The green banner in a polite status region and the red, dismissible one in an alert region (both always present). */
export function Banner({ banner, className, textClassName, onDismiss }: BannerProps) {
  return (
    <>
      <div role="status" aria-live="polite">
        {banner?.kind === 'success' && (
          <div className={`notice notice--success ${className}`}>
            <p className={textClassName}>{banner.text}</p>
          </div>
        )}
      </div>
      <div role="alert">
        {banner?.kind === 'error' && (
          <div className={`notice notice--error ${className}`}>
            <p className={textClassName}>{banner.text}</p>
            <button type="button" className="toast__close" aria-label="Dismiss message" onClick={onDismiss}>
              ×
            </button>
          </div>
        )}
      </div>
    </>
  );
}
