/**
 * Diagnostics of case 6's processes (`wsChild.ts`, `tools/wsDriver.ts`), Linux only: each thread's CPU
 * and the main thread's context switches from `/proc/self/task`, and a mark of the measured window
 * between V8's own traces.
 */
import * as Fs from "node:fs"

/**
 * Each thread's CPU µs so far, by task id (`/proc/self/task/<id>/stat`, in clock ticks of 10 ms), so
 * the main thread's share (its id is the pid) is told from V8's helper threads' (its optimizing
 * compiler, the GC's helpers): FINDINGS §26. Empty elsewhere.
 */
export const threadTimes = (): Map<string, number> => {
  const times = new Map<string, number>()
  try {
    for (const task of Fs.readdirSync("/proc/self/task")) {
      const stat = Fs.readFileSync(`/proc/self/task/${task}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      // utime and stime (fields 14 and 15 of the line), in µs.
      times.set(task, (Number(fields[11]) + Number(fields[12])) * 10_000)
    }
  } catch {
    times.clear()
  }
  return times
}

/** The CPU µs of every thread but the main one so far (V8's helper threads); `NaN` where it is not told. */
export const helperTimes = (): number => {
  const times = threadTimes()
  if (times.size === 0) return Number.NaN
  let sum = 0
  for (const [task, micros] of times) if (task !== String(process.pid)) sum += micros
  return sum
}

/**
 * The main thread's voluntary and involuntary context switches so far (`NaN` elsewhere): a voluntary
 * one is a wait for the socket, so few of them over a run say the client was never idle (FINDINGS §28).
 */
export const switches = (): ReadonlyArray<number> => {
  try {
    const status = Fs.readFileSync(`/proc/self/task/${process.pid}/status`, "utf8")
    return [/^voluntary_ctxt_switches:\s+(\d+)/m, /^nonvoluntary_ctxt_switches:\s+(\d+)/m].map((re) =>
      Number(re.exec(status)?.[1] ?? Number.NaN)
    )
  } catch {
    return [Number.NaN, Number.NaN]
  }
}

/** `WS_MARK=1`: `=== <text>` written to stdout between V8's own traces (`--trace-opt` under `stdbuf -oL`). */
export const mark = (text: string): void => {
  if (process.env.WS_MARK !== undefined) Fs.writeSync(1, `=== ${text}\n`)
}
