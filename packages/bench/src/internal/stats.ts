/**
 * Small numeric helpers: medians of rounds and CPU time of this process.
 */

export const median = (values: ReadonlyArray<number>): number => {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Process CPU time (user + system) in µs spent while `run` runs, and its result. */
export const withCpu = async <A>(
  run: () => Promise<A>
): Promise<{ readonly value: A; readonly cpuMicros: number; readonly millis: number }> => {
  const start = performance.now()
  const cpu = process.cpuUsage()
  const value = await run()
  const used = process.cpuUsage(cpu)
  return { value, cpuMicros: used.user + used.system, millis: performance.now() - start }
}
