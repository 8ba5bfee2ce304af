import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEnglish from '@zxcvbn-ts/language-en';
import { installGuessEstimator } from './password';

/**
 * Importing this module installs zxcvbn, with its common and English dictionaries, as password.ts's guessability
 * estimator (issue 29): the server imports it at start (api/src/config/env.ts), the browser only on the screens where
 * a new password is typed, because the dictionaries weigh 1.6 MB.
 */
const zxcvbn = new ZxcvbnFactory({
  translations: zxcvbnEnglish.translations,
  graphs: zxcvbnCommon.adjacencyGraphs,
  dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEnglish.dictionary },
});

installGuessEstimator((password) => {
  const { score, feedback } = zxcvbn.check(password);
  return { score, warning: feedback.warning, suggestions: feedback.suggestions };
});
