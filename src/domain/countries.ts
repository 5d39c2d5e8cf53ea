/**
 * The country list of C§3 ("a country list by two-letter code serves phone/region selection", USER-5):
 * each region's two-letter code (ISO 3166-1 alpha-2), its calling code and the form of its mobile
 * numbers (national significant number, without the trunk 0). The region a customer picks drives the
 * phone check; a phone saved for another region than the default carries its calling code (+852…), so
 * the server reads the region from the number itself.
 */
export interface Country {
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** Calling code without "+". */
  dial: string;
  /** Mobile numbers, national significant number (no trunk 0, no calling code). */
  mobile: RegExp;
}

export const COUNTRIES: readonly Country[] = [
  { code: 'CN', dial: '86', mobile: /^1[3-9]\d{9}$/ },
  { code: 'HK', dial: '852', mobile: /^[4-9]\d{7}$/ },
  { code: 'MO', dial: '853', mobile: /^6\d{7}$/ },
  { code: 'TW', dial: '886', mobile: /^9\d{8}$/ },
  { code: 'SG', dial: '65', mobile: /^[3689]\d{7}$/ },
  { code: 'MY', dial: '60', mobile: /^1\d{8,9}$/ },
  { code: 'TH', dial: '66', mobile: /^[689]\d{8}$/ },
  { code: 'VN', dial: '84', mobile: /^[35789]\d{8}$/ },
  { code: 'PH', dial: '63', mobile: /^9\d{9}$/ },
  { code: 'ID', dial: '62', mobile: /^8\d{8,11}$/ },
  { code: 'JP', dial: '81', mobile: /^[789]0\d{8}$/ },
  { code: 'KR', dial: '82', mobile: /^1\d{8,9}$/ },
  { code: 'IN', dial: '91', mobile: /^[6-9]\d{9}$/ },
  { code: 'AE', dial: '971', mobile: /^5\d{8}$/ },
  { code: 'AU', dial: '61', mobile: /^4\d{8}$/ },
  { code: 'NZ', dial: '64', mobile: /^2\d{7,9}$/ },
  { code: 'US', dial: '1', mobile: /^[2-9]\d{2}[2-9]\d{6}$/ },
  { code: 'CA', dial: '1', mobile: /^[2-9]\d{2}[2-9]\d{6}$/ },
  { code: 'GB', dial: '44', mobile: /^7\d{9}$/ },
  { code: 'IE', dial: '353', mobile: /^8\d{8}$/ },
  { code: 'FR', dial: '33', mobile: /^[67]\d{8}$/ },
  { code: 'DE', dial: '49', mobile: /^1[5-7]\d{8,9}$/ },
  { code: 'ES', dial: '34', mobile: /^[67]\d{8}$/ },
  { code: 'IT', dial: '39', mobile: /^3\d{8,9}$/ },
  { code: 'PT', dial: '351', mobile: /^9\d{8}$/ },
  { code: 'NL', dial: '31', mobile: /^6\d{8}$/ },
  { code: 'BE', dial: '32', mobile: /^4\d{8}$/ },
  { code: 'CH', dial: '41', mobile: /^7[5-9]\d{7}$/ },
  { code: 'RU', dial: '7', mobile: /^9\d{9}$/ },
  { code: 'BR', dial: '55', mobile: /^\d{2}9\d{8}$/ },
  { code: 'MX', dial: '52', mobile: /^\d{10}$/ },
];

/** The region of a phone typed without a calling code: mainland China, unless the app runs overseas. */
export function defaultPhoneRegion(abroad: boolean): string | null {
  return abroad ? null : 'CN';
}

export function countryOf(code: string | null | undefined): Country | null {
  return COUNTRIES.find((c) => c.code === code) ?? null;
}

const digitsOf = (phone: string): string => phone.replace(/[\s()-]/g, '');

/** The national significant number: without spaces and one trunk 0 (Italy keeps its leading digits). */
export function nationalNumber(typed: string, region: string): string {
  const d = digitsOf(typed);
  return region !== 'IT' && d.startsWith('0') ? d.slice(1) : d;
}

/**
 * A phone with a calling code ("+852 9123 4567") split into its region and national number (the
 * longest calling code that matches; +1 reads as US). Null when it has no "+" or no listed code.
 */
export function splitPhone(phone: string): { region: string; national: string } | null {
  const d = digitsOf(phone);
  if (!d.startsWith('+')) return null;
  const rest = d.slice(1);
  let best: Country | null = null;
  for (const c of COUNTRIES) if (rest.startsWith(c.dial) && (!best || c.dial.length > best.dial.length)) best = c;
  return best ? { region: best.code, national: rest.slice(best.dial.length) } : null;
}

/**
 * The phone as it is saved and sent for a number typed in `region`: as typed for the default region
 * (mainland numbers are 11 digits without +86), else with the region's calling code.
 */
export function joinPhone(region: string, typed: string, defaultRegion: string | null): string {
  const d = digitsOf(typed);
  if (d === '') return '';
  const country = countryOf(region);
  if (!country || region === defaultRegion) return d;
  return `+${country.dial}${nationalNumber(d, region)}`;
}

/**
 * Whether `phone` is a well-formed mobile number of its region: the calling code it carries, else
 * `region`. A "+" number with an unlisted code, or no region at all, gets the E.164 length check.
 */
export function isValidRegionalPhone(phone: string, region?: string | null): boolean | null {
  const split = splitPhone(phone);
  if (split) {
    const c = countryOf(split.region);
    // CA and US share +1 and one form
    return !!c && c.mobile.test(split.national);
  }
  const d = digitsOf(phone);
  const country = countryOf(region);
  if (!country || d.startsWith('+')) return null;
  if (region === 'CN') return /^(86)?1[3-9]\d{9}$/.test(d);
  return country.mobile.test(nationalNumber(d, country.code));
}
