/** Contract fuzz (API-4) of the sign-in, profile, address and delivery calls: see harness.ts. */
import { FUZZ_GROUPS } from './groups';
import { fuzzCalls } from './harness';

fuzzCalls('user/*, address/*, delivery/*', FUZZ_GROUPS['user/*, address/*, delivery/*']);
