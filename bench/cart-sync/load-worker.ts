/** The cart-sync load in a worker thread (bench/support/worker.ts): runs the plan it is given. */
import { workerTask } from '../support/worker';
import { runLoad, type LoadPhase, type LoadPlan, type LoadResult } from './load';

workerTask<LoadPlan, LoadResult, LoadPhase>((plan, report) => runLoad(plan, report));
