import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_MIN } from '@tours-cms/contract';

/**
 * zxcvbn's estimate with its common-password dictionary (about 30,000 leaked passwords and common words, bundled:
 * nothing is fetched). Loaded and built on first use, not at start: its modules take tens of milliseconds to load
 * and its dictionaries as long to index.
 */
let estimator: Promise<ZxcvbnFactory> | null = null;
function zxcvbn(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, common]) =>
      new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
  );
  return estimator;
}

/** zxcvbn's score below this (0: a top-100 password; 1: under a million guesses) is refused. */
const MIN_SCORE = 2;

/**
 * Why a new password is refused, or null when it is acceptable: shorter than PASSWORD_MIN (the schemas say so
 * first), or among the most common passwords or a light variation of one ("Password1234", "sunshine2024"), or
 * made of the account's own username or e-mail.
 */
export async function passwordWeakness(
  password: string,
  own: { username?: string; email?: string } = {},
): Promise<string | null> {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  const userInputs = [own.username, own.email, own.email?.split('@')[0]].filter((value): value is string => !!value);
  const result = (await zxcvbn()).check(password, userInputs);
  if (result.score >= MIN_SCORE) return null;
  const usesOwnName = result.sequence.some(
    (match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs',
  );
  if (usesOwnName) return 'This password is too close to your username or e-mail address: choose another';
  return 'This password is among the most common passwords, or close to one: choose one that is harder to guess';
}
