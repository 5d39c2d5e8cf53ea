/**
 * A bench's work in a worker thread of its process (its own event loop, so a load generator does not
 * share the event loop of a server running in the main thread). The worker module is TypeScript,
 * loaded through tsx; it calls `workerTask` and may report progress before its result.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

type Envelope<Result, Progress> = { result: Result } | { progress: Progress };

/**
 * Runs the worker module `entry` (an absolute path) with `data`; `onProgress` gets what it reports.
 * Resolves with its result once the worker has ended.
 */
export function runInWorker<Result, Progress = never>(entry: string, data: unknown, onProgress: (p: Progress) => void = () => undefined): Promise<Result> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(`require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(entry)});`, {
      eval: true,
      workerData: data,
    });
    let done: { result: Result } | null = null;
    worker.on('message', (m: Envelope<Result, Progress>) => {
      if ('progress' in m) {
        onProgress(m.progress);
        return;
      }
      done = m;
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => (done ? resolve(done.result) : reject(new Error(`worker ${entry} exited with ${code}`))));
  });
}

/** The worker side: runs `task` on the data it was given, posts its progress and its result; exits 1 on failure. */
export function workerTask<Data, Result, Progress = never>(task: (data: Data, report: (p: Progress) => void) => Promise<Result>): void {
  if (isMainThread || !parentPort) throw new Error('workerTask runs in a worker thread (runInWorker)');
  const port = parentPort;
  task(workerData as Data, (progress) => port.postMessage({ progress })).then(
    (result) => port.postMessage({ result }),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
