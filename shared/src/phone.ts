const isSeparator = (char: string | undefined) =>
  char === '.' || char === '-' || (char !== undefined && /\s/.test(char));
const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/**
 * The portal's phone shape (spec 5): an optional plus, then 3 to 7 groups of 1 to 4 digits, each
 * optionally in or next to a parenthesis, with at most one space, dot or dash between groups. It is
 * the language of `/^\+?\(?\d{1,4}\)?(?:[\s.-]?\(?\d{1,4}\)?){2,6}$/`, read in one pass: that
 * pattern's nested optional quantifiers try every split of a digit run into groups.
 *
 * Groups that touch without a separator or parenthesis merge into one digit run; a run of r digits
 * can be cut into any number of groups from ceil(r / 4) to r, so the text qualifies when the runs
 * together allow a count between 3 and 7.
 */
export function isGroupedPhoneNumber(text: string): boolean {
  let i = text[0] === '+' ? 1 : 0;
  let fewestGroups = 0;
  let digits = 0;
  while (i < text.length) {
    if (digits > 0 && isSeparator(text[i])) i++;
    if (text[i] === '(') i++;
    const start = i;
    while (isDigit(text[i])) i++;
    const run = i - start;
    if (run === 0) return false;
    fewestGroups += Math.ceil(run / 4);
    digits += run;
    if (fewestGroups > 7) return false;
    if (text[i] === ')') i++;
  }
  return digits >= 3;
}
