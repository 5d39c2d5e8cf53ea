/**
 * How the profile shows (C§3 / P§3, USER-2): the nickname an unauthorised user is shown (an 'other
 * user' label plus a time value) and a phone with its middle hidden. Small on purpose: the "mine" tab
 * of the main package reads it.
 */

/**
 * The nickname shown for a user (C§3): an authorised user's own; an unauthorised one's is the
 * 'other user' label in the customer's language plus the time value the server gave (the digits that
 * end its generated nickname), so it reads right after a language switch.
 */
export function displayNickName(user: { nickName: string; authorised: boolean }, otherUserLabel: string): string {
  if (user.authorised && user.nickName.trim() !== '') return user.nickName;
  const time = /(\d+)\s*$/.exec(user.nickName)?.[1] ?? '';
  return time === '' ? otherUserLabel : `${otherUserLabel} ${time}`;
}

/** A phone shown on screen with its middle hidden: 138****0000. */
export function maskPhone(phone: string | null | undefined): string {
  const p = (phone ?? '').trim();
  if (p.length < 7) return p;
  return `${p.slice(0, 3)}${'*'.repeat(p.length - 7)}${p.slice(-4)}`;
}
