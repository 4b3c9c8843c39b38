/**
 * Every way a connection can end after a request was sent (issue 25: one fault shape must not
 * stand for all): closed (FIN), reset (RST), cut in the middle of the answer's body, or never
 * answered (the client's timeout). Each line's placement tests run over all of them.
 */
import type { Action } from "./Hostile.js"

export interface Ending {
  readonly name: string
  readonly action: Action
  /** The client's timeout ends it: move TestClock past the hostile client's 5 s. */
  readonly timesOut: boolean
}

export const endings: ReadonlyArray<Ending> = [
  { name: "closed (FIN) before the answer", action: { _tag: "ForwardThenDrop" }, timesOut: false },
  { name: "reset (RST) before the answer", action: { _tag: "ForwardThenReset" }, timesOut: false },
  { name: "closed in the middle of the answer's body", action: { _tag: "ForwardThenHalf" }, timesOut: false },
  { name: "never answered (timeout)", action: { _tag: "ForwardThenHang" }, timesOut: true }
]

/** The `code`s along an error's `cause` chain (`ECONNRESET`, `UND_ERR_SOCKET` …). */
export const codes = (error: unknown): ReadonlyArray<string> => {
  const out: Array<string> = []
  for (let at = error, depth = 0; typeof at === "object" && at !== null && depth < 6; depth++) {
    const code = (at as { code?: unknown }).code
    if (typeof code === "string") out.push(code)
    at = (at as { cause?: unknown }).cause
  }
  return out
}
