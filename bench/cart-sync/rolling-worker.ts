/** The rolling-restart load in a worker thread (bench/support/worker.ts): runs the plan it is given. */
import { workerTask } from '../support/worker';
import { runRollingLoad, type RollingPhase, type RollingPlan, type RollingResult } from './rolling-load';

workerTask<RollingPlan, RollingResult, RollingPhase>((plan, report) => runRollingLoad(plan, report));
