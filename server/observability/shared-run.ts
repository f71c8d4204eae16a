/**
 * `run`, shared by every caller that asks while it is under way: however often probes and scrapes
 * come, and however long the database takes to answer, one run at a time, never a pile of them.
 */
export function sharedRun<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= run().finally(() => (running = null));
    return running;
  };
}
