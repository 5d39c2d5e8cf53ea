/**
 * `npm run price -- path/to/input.json`: price an order from a JSON file and print the breakdown as JSON.
 * The file holds PricingSources (docs/pricing.md "Input format"): shop, cart, orderType, … with `now`
 * as epoch ms or an ISO date (default: the current time). A file of the form `{ "pricingInput": … }`
 * is priced as a ready PricingInput instead.
 */
import { readFileSync } from 'node:fs';
import { buildPricingInput, priceOrder, type PricingInput, type PricingSources } from '../src/domain/pricing';

function main(argv: string[]): number {
  const file = argv.find((a) => !a.startsWith('-'));
  if (!file) {
    process.stderr.write('usage: npm run price -- path/to/input.json\n');
    return 2;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    process.stderr.write(`cannot read ${file}: ${(e as Error).message}\n`);
    return 1;
  }
  const doc = raw as { pricingInput?: PricingInput } & Omit<PricingSources, 'now'> & { now?: number | string };
  let input: PricingInput;
  if (doc.pricingInput) input = doc.pricingInput;
  else {
    if (!doc.shop || !Array.isArray(doc.cart) || !doc.orderType) {
      process.stderr.write('input needs at least "shop", "cart" and "orderType" (see docs/pricing.md)\n');
      return 1;
    }
    const now = doc.now === undefined ? Date.now() : typeof doc.now === 'number' ? doc.now : Date.parse(doc.now);
    if (!Number.isFinite(now)) {
      process.stderr.write(`"now" is not a date: ${String(doc.now)}\n`);
      return 1;
    }
    input = buildPricingInput({ ...doc, now });
  }
  process.stdout.write(`${JSON.stringify(priceOrder(input), null, 2)}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
