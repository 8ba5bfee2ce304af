/** Password strength rules of admin-management spec 5.2, shared by the user form, the change-password screen and the server. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_MIN_SCORE = 3;

const RULES = [
  { test: (p: string) => p.length >= PASSWORD_MIN_LENGTH, hint: 'Use at least 8 characters' },
  { test: (p: string) => /[a-z]/.test(p), hint: 'Include lowercase letters' },
  { test: (p: string) => /[A-Z]/.test(p), hint: 'Include uppercase letters' },
  { test: (p: string) => /\d/.test(p), hint: 'Include numbers' },
  { test: (p: string) => /[^A-Za-z0-9]/.test(p), hint: 'Include special characters' },
] as const;

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordStrength {
  score: number;
  label: StrengthLabel;
  hints: string[];
}

export function passwordStrength(password: string): PasswordStrength {
  const failed = RULES.filter((rule) => !rule.test(password));
  const score = RULES.length - failed.length;
  const label: StrengthLabel = score <= 1 ? 'Weak' : score === 2 ? 'Fair' : score === 3 ? 'Good' : 'Strong';
  return { score, label, hints: failed.map((rule) => rule.hint) };
}

/** Score of at least 3 of 5 and at least 8 characters (spec 9: both are minimums). */
export function isStrongEnough(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && passwordStrength(password).score >= PASSWORD_MIN_SCORE;
}
