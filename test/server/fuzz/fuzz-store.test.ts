/** Contract fuzz (API-4) of the shop and menu calls: see harness.ts. */
import { FUZZ_GROUPS } from './groups';
import { fuzzCalls } from './harness';

fuzzCalls('store/*', FUZZ_GROUPS['store/*']);
