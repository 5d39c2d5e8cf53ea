/**
 * Entering a pay password on the 6-digit keypad (MEMBER-2): set one (new, then repeat), change it
 * (original, new, repeat) or reset it after an SMS check (new, repeat). The rules themselves are the
 * ones of validation.ts (P§5 / C§5: 6 digits, not 123456, the repeat must match); this file only
 * says which entry comes next and which rule a finished entry broke. Whether the original is correct
 * is the server's answer (`originPasswordIncorrect`), after which the entry starts again at the original.
 */
import { Limits } from '../enums';
import { ErrorCode, ruleError, type RuleError } from '../errors';
import { checkPayPasswordFormat, checkPayPasswordRepeat } from '../validation';

/** set: the card has none yet; change: with the original; reset: the SMS code stood in for the original. */
export type PayPasswordMode = 'set' | 'change' | 'reset';
export type PayPasswordStep = 'original' | 'new' | 'repeat';

export interface PayPasswordEntry {
  mode: PayPasswordMode;
  step: PayPasswordStep;
  /** The original password typed (change only). */
  original: string | null;
  /** The new password typed, waiting for its repeat. */
  password: string | null;
}

/** What the form sends once every entry is in (vip/updatePayPassword). */
export interface PayPasswordSubmission {
  payPassword: string;
  repeatPayPassword: string;
  originPayPassword?: string;
}

export interface PayPasswordAdvance {
  entry: PayPasswordEntry;
  /** The rule the typed digits broke (the form shows it and asks again). */
  error: RuleError | null;
  /** Every entry is in and valid: what to send. */
  done: PayPasswordSubmission | null;
}

/** The first entry of a mode: the original when changing, else the new password. */
export function startPayPasswordEntry(mode: PayPasswordMode): PayPasswordEntry {
  return { mode, step: mode === 'change' ? 'original' : 'new', original: null, password: null };
}

/** The mode a card's form opens in: change when it has a pay password, set when not. */
export function payPasswordModeOf(hasPayPassword: boolean | undefined): PayPasswordMode {
  return hasPayPassword ? 'change' : 'set';
}

const sixDigits = new RegExp(`^\\d{${Limits.payPasswordLength}}$`);

/**
 * Takes the 6 digits of the current entry. A new password that breaks a rule (not 6 digits, 123456)
 * is asked again; a repeat that differs goes back to the new password (`passwordsInconsistent`), as
 * both must be typed again.
 */
export function enterPayPassword(entry: PayPasswordEntry, digits: string): PayPasswordAdvance {
  if (entry.step === 'original') {
    if (!sixDigits.test(digits)) return { entry, error: ruleError(ErrorCode.payPasswordSixDigits), done: null };
    return { entry: { ...entry, step: 'new', original: digits }, error: null, done: null };
  }
  if (entry.step === 'new') {
    const error = checkPayPasswordFormat(digits);
    if (error) return { entry, error, done: null };
    return { entry: { ...entry, step: 'repeat', password: digits }, error: null, done: null };
  }
  const password = entry.password ?? '';
  const mismatch = checkPayPasswordRepeat(password, digits);
  if (mismatch) return { entry: { ...entry, step: 'new', password: null }, error: mismatch, done: null };
  const done: PayPasswordSubmission = { payPassword: password, repeatPayPassword: digits };
  if (entry.mode === 'change' && entry.original !== null) done.originPayPassword = entry.original;
  return { entry, error: null, done };
}

/** After the server refused the original (`originPasswordIncorrect`): everything is typed again. */
export function restartAfterWrongOriginal(entry: PayPasswordEntry): PayPasswordEntry {
  return startPayPasswordEntry(entry.mode);
}
