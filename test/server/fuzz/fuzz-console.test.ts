/** Contract fuzz (API-4) of the staff console's calls, with an owner's session cookie: see harness.ts. */
import { consoleCalls } from '../../../src/api/contract/console';
import type { CallDef } from '../../../src/api/contract/common';
import { fuzzCalls } from './harness';

fuzzCalls('console/*', Object.values(consoleCalls) as CallDef[]);
