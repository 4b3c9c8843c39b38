/**
 * Node keeps one list of timers per duration, and drops it when its last timer is cleared: one
 * call at a time, each request's deadline made and dropped that list again (with the native timer
 * re-armed), ≈ 10 µs of CPU a request over loopback (packages/bench/FINDINGS.md §18). An idle
 * interval of the same duration keeps the list, so a deadline is only linked in and out of it.
 * Unref'd (they never keep a process alive), one per duration, for the first few durations used.
 */
const keepers = new Map<number, ReturnType<typeof setInterval>>()

/** At most this many durations are kept (a program uses one or two: the config's timeouts). */
export const MAX_KEPT = 8

const idle = () => {}

/**
 * Keeps Node's list of `millis` timers, once per duration. The caller never asks for more than
 * 2^31 − 1 ms (a longer deadline is none: Transport); a duration under 1 ms Node runs as 1 ms, and
 * an interval of it would wake the process every millisecond, so none is kept for it.
 */
export const keep = (millis: number): void => {
  if (millis < 1 || keepers.has(millis) || keepers.size >= MAX_KEPT) return
  const keeper = setInterval(idle, millis)
  keeper.unref()
  keepers.set(millis, keeper)
}

/** The intervals kept, by duration (for tests). */
export const kept = (): ReadonlyMap<number, unknown> => keepers

/** Clears every kept interval (for tests: a test that keeps a 1 ms list ends by clearing it). */
export const release = (): void => {
  for (const keeper of keepers.values()) clearInterval(keeper)
  keepers.clear()
}
