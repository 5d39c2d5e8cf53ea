/** Contract fuzz (API-4) of the order and multi-shop order calls: see harness.ts. */
import { FUZZ_GROUPS } from './groups';
import { fuzzCalls } from './harness';

fuzzCalls('order/*', FUZZ_GROUPS['order/*']);
