/** Mobile devices, as the spec detects them: by user agent (iPhone, iPad, iPod, Android). */
const MOBILE_USER_AGENT = /iPhone|iPad|iPod|Android/i;

/**
 * iPadOS Safari presents itself as a Mac ("Macintosh"); a Mac with a touch screen does not exist,
 * so a "Macintosh" with several touch points is an iPad.
 */
export function isMobileDevice(userAgent: string, maxTouchPoints = 0): boolean {
  return MOBILE_USER_AGENT.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}
