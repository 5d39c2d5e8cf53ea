/**
 * Registration in place (C§5 "Web registration in place only if allowRegisterInWeb", P§8 fast
 * register): one rule and one default for the app's pay types, its register page and the server's
 * vip/register. The spec's "only if" reads an unset flag as not allowed: the customer binds a card
 * made in the store (docs/decisions.md "Registration in place").
 */

/** Whether a customer may register a member card in place (not in the store). */
export function registersInPlace(setting: { allowRegisterInWeb?: boolean } | null | undefined): boolean {
  return setting?.allowRegisterInWeb === true;
}
