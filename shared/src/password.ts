/**
 * Password strength, shared by the user form, the change-password screen and the server: the rule of
 * admin-management spec 5.2 (8 characters, 3 of 5 character kinds), and since issue 29 a guessability estimate,
 * because the rule alone let "password1" through rated Good. NIST SP 800-63B asks for the second: compare a new
 * password with lists of common and breached ones, and refuse it with the reason.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_MIN_SCORE = 3;
/** zxcvbn's score 0–4; 3 is "safely unguessable" (about 10^8 guesses, an online attack's reach and more). */
export const PASSWORD_MIN_GUESS_SCORE = 3;
/** Only the first 64 characters are estimated: zxcvbn's cost grows with the length, and a start this long that is easy to guess is reason enough to refuse. */
const GUESS_CHECK_LENGTH = 64;

const RULES = [
  { test: (p: string) => p.length >= PASSWORD_MIN_LENGTH, hint: 'Use at least 8 characters' },
  { test: (p: string) => /[a-z]/.test(p), hint: 'Include lowercase letters' },
  { test: (p: string) => /[A-Z]/.test(p), hint: 'Include uppercase letters' },
  { test: (p: string) => /\d/.test(p), hint: 'Include numbers' },
  { test: (p: string) => /[^A-Za-z0-9]/.test(p), hint: 'Include special characters' },
] as const;

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';
const LABELS: readonly StrengthLabel[] = ['Weak', 'Fair', 'Good', 'Strong'];

export interface PasswordStrength {
  /** The spec's score: how many of the five rules are met. */
  score: number;
  /** The lower of the rule's label and the guessability's. */
  label: StrengthLabel;
  /** zxcvbn's 0–4, or null before the estimator is installed. */
  guessScore: number | null;
  /** Why it is easy to guess ("This is a commonly used password."), or null. */
  guessWarning: string | null;
  hints: string[];
}

/** What a guessability estimator says of a password: zxcvbn's score 0–4 and its feedback. */
export interface GuessEstimate {
  score: number;
  warning: string | null;
  suggestions: string[];
}

let estimateGuesses: ((password: string) => GuessEstimate) | null = null;

/**
 * Installs the guessability estimator (password-guessability.ts installs zxcvbn when imported). Its dictionaries
 * weigh 1.6 MB, so the server imports it at start and the browser only where a new password is typed; until then a
 * password is judged by the rule alone, and the server's answer names the reason.
 */
export function installGuessEstimator(estimator: (password: string) => GuessEstimate) {
  estimateGuesses = estimator;
}

/** The rule's score (0–5) and zxcvbn's (0–4) read alike: at most 1 Weak, 2 Fair, 3 Good, above Strong. */
const labelRank = (score: number) => Math.min(Math.max(score - 1, 0), LABELS.length - 1);

export function passwordStrength(password: string): PasswordStrength {
  const failed = RULES.filter((rule) => !rule.test(password));
  const score = RULES.length - failed.length;
  const guess = password && estimateGuesses ? estimateGuesses(password.slice(0, GUESS_CHECK_LENGTH)) : null;
  const easyToGuess = guess !== null && guess.score < PASSWORD_MIN_GUESS_SCORE;
  const rank = Math.min(labelRank(score), guess ? labelRank(guess.score) : LABELS.length - 1);
  const hints: string[] = failed.map((rule) => rule.hint);
  if (easyToGuess) hints.push(...guess.suggestions);
  return {
    score,
    label: LABELS[rank]!,
    guessScore: guess?.score ?? null,
    guessWarning: easyToGuess ? (guess.warning ?? 'This password follows a pattern that is easy to guess.') : null,
    hints,
  };
}

/** Why the password is refused, or null: the spec's minimums first, then guessability. */
export function passwordWeakness(password: string): string | null {
  const strength = passwordStrength(password);
  if (password.length < PASSWORD_MIN_LENGTH || strength.score < PASSWORD_MIN_SCORE) return 'Password is too weak';
  if (strength.guessWarning) return `Password is too easy to guess: ${strength.guessWarning}`;
  return null;
}

/** At least 8 characters, a rule score of 3 of 5 (spec 9: both are minimums), and not easy to guess. */
export function isStrongEnough(password: string): boolean {
  return passwordWeakness(password) === null;
}
