/** Contract fuzz (API-4) of the member, table, appointment and shared-cart calls: see harness.ts. */
import { FUZZ_GROUPS } from './groups';
import { fuzzCalls } from './harness';

fuzzCalls('vip/*, table/*, beauty/*, consumer/*', FUZZ_GROUPS['vip/*, table/*, beauty/*, consumer/*']);
