/**
 * Milliseconds of this process's CPU time since `since` (process.cpuUsage()): unlike the wall clock it does not grow
 * when other work shares the machine, so the bounds of the pathological-input tests catch a rule that backtracks,
 * not a busy machine.
 */
export function cpuMillisecondsSince(since: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
}
