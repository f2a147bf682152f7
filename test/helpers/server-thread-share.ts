/**
 * The share of the CPU time the process spent during `work` that went to the server's own thread
 * rather than to the read worker. Unlike the event loop's busy share, a loaded machine cannot
 * inflate it: a descheduled callback counts as busy time (a CI run saw 0.27 where a quiet machine
 * sees 0.02), but spends no CPU. Scans on the server's thread would make it about 1.
 */
export async function serverThreadShare(work: () => Promise<unknown>): Promise<number> {
  const thread = process.threadCpuUsage();
  const whole = process.cpuUsage();
  await work();
  const spent = ({ user, system }: NodeJS.CpuUsage): number => user + system;
  return spent(process.threadCpuUsage(thread)) / spent(process.cpuUsage(whole));
}
