/** Contract fuzz (API-4) of the activity, coupon and points-mall calls: see harness.ts. */
import { FUZZ_GROUPS } from './groups';
import { fuzzCalls } from './harness';

fuzzCalls('activity/*', FUZZ_GROUPS['activity/*']);
