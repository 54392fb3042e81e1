/**
 * Financial data: IBANs (ISO 13616, their country's length and the mod-97 check) and payment card
 * numbers (an issuer's prefix, 13–19 digits, the Luhn check). Both checks are what the formats
 * themselves define, so ids, amounts and timestamps that merely look alike are left alone.
 */
import type { SensitiveSpan } from "./secret-scanners.js";

/** IBAN lengths by country, from the SWIFT IBAN registry. */
const IBAN_LENGTH: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28,
  CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18,
  GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32,
  LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24,
  PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SC: 31, SE: 24, SI: 19, SK: 24, SM: 27, ST: 25, SV: 28,
  TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
}; // prettier-ignore

// Written whole or in groups of four; bounded repetition keeps the scan linear.
const IBAN_CANDIDATE = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![A-Za-z0-9])/g;

/** Whether `iban` (no spaces) has its country's length and passes the mod-97 check. */
export function isIban(iban: string): boolean {
  if (IBAN_LENGTH[iban.slice(0, 2)] !== iban.length) return false;
  let remainder = 0;
  for (const char of iban.slice(4) + iban.slice(0, 4)) {
    // A letter counts as two digits (A = 10 … Z = 35); the remainder stays small digit by digit.
    const value = parseInt(char, 36);
    remainder = value > 9 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder === 1;
}

// 13–19 digits, whole or grouped by single spaces or dashes.
const CARD_CANDIDATE = /(?<![\d.,-])\d(?:[ -]?\d){12,18}(?![\d]|[.,]\d)/g;

// Visa, Mastercard, American Express, Discover, JCB, UnionPay, Diners Club, Maestro.
const CARD_PREFIX = /^(?:4|5[1-5]|2[2-7]|3[47]|6011|64[4-9]|65|35|62|3[068]|5[06-9]|6[37])/;

/** Whether `digits` passes the Luhn check. */
export function isLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    const digit = Number(digits[i]) * (double ? 2 : 1);
    sum += digit > 9 ? digit - 9 : digit;
  }
  return sum % 10 === 0;
}

/** Every IBAN and card number in `text`. */
export function financialSpans(text: string): SensitiveSpan[] {
  const spans: SensitiveSpan[] = [];
  for (const match of text.matchAll(IBAN_CANDIDATE)) {
    if (isIban(match[0].replace(/ /g, "")))
      spans.push({ start: match.index, end: match.index + match[0].length, detector: "iban" });
  }
  for (const match of text.matchAll(CARD_CANDIDATE)) {
    const digits = match[0].replace(/\D/g, "");
    if (CARD_PREFIX.test(digits) && isLuhn(digits))
      spans.push({ start: match.index, end: match.index + match[0].length, detector: "card" });
  }
  return spans;
}
