/**
 * After each test: a fake transport that met an unscripted call or a reply outside the contract
 * fails the test, even when the app caught the error it threw.
 */
import { takeTransportProblems } from './fakes';

afterEach(() => {
  const problems = takeTransportProblems();
  if (problems.length > 0) throw new Error(`fake transport:\n${[...new Set(problems)].join('\n')}`);
});
