/**
 * The simulator's WebSocket frames, written as Bitget writes them: values as JSON strings, but
 * the outer `ts`, event `code`s and the order book's `seq`/`pseq` as bare JSON numbers. `seq`
 * values are bigints above 2^53 (as on Coin-M), so book rows are written by hand rather than
 * through `JSON.stringify`, which cannot print a bigint as a number.
 * (Shapes: ../shared/reference/websocket.md §3.2, §4.2, §4.4.)
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as BD from "effect/BigDecimal"

/** A decimal as Bitget's strings carry it. */
export const dec = (value: BD.BigDecimal): string => Decimal.format(BD.normalize(value))

/** An arg as the client sent it: the key of a subscription and its echo in every frame. */
export type Arg = Readonly<Record<string, string>>

/** `{"action":…,"arg":…,"data":…,"ts":…}` with `data` already written (V2 key order). */
export const push = (action: "snapshot" | "update", arg: string, data: string, ts: number): string =>
  `{"action":"${action}","arg":${arg},"data":${data},"ts":${ts}}`

/** The V3 key order: `data`, `arg`, `action`, `ts` (DOC-UTA push examples). */
export const pushV3 = (action: "snapshot" | "update", arg: string, data: string, ts: number): string =>
  `{"data":${data},"arg":${arg},"action":"${action}","ts":${ts}}`

export const event = (name: string, arg: Arg, connId?: string): string =>
  connId === undefined
    ? JSON.stringify({ event: name, arg })
    : JSON.stringify({ event: name, arg, connId })

/** An error event: V2 echoes `arg` and `op`; V3 carries neither but its `connId`. */
export const error = (
  code: number,
  msg: string,
  options: { readonly arg?: Arg | undefined; readonly op?: string | undefined; readonly connId?: string | undefined } =
    {}
): string => {
  const frame: Record<string, unknown> = { event: "error" }
  if (options.arg !== undefined) frame.arg = options.arg
  frame.code = code
  frame.msg = msg
  if (options.op !== undefined) frame.op = options.op
  if (options.connId !== undefined) frame.connId = options.connId
  return JSON.stringify(frame)
}

export type Level = readonly [string, string]

/** A V2 book row: `asks`, `bids`, then the numbers `seq`/`pseq`, then `ts` as a string. */
export const bookV2 = (asks: ReadonlyArray<Level>, bids: ReadonlyArray<Level>, seq: bigint, pseq: bigint, ts: number) =>
  `[{"asks":${JSON.stringify(asks)},"bids":${JSON.stringify(bids)},"seq":${seq},"pseq":${pseq},"ts":"${ts}"}]`

/** A V3 book row: `a`, `b`, `pseq`, `seq`, `maxDepth` (full `books` only), `ts`. */
export const bookV3 = (
  asks: ReadonlyArray<Level>,
  bids: ReadonlyArray<Level>,
  seq: bigint,
  pseq: bigint,
  ts: number,
  maxDepth: number | undefined
) =>
  `[{"a":${JSON.stringify(asks)},"b":${JSON.stringify(bids)},"pseq":${pseq},"seq":${seq},${
    maxDepth === undefined ? "" : `"maxDepth":"${maxDepth}",`
  }"ts":"${ts}"}]`

/** Bitget's CRC32 over the top 25 levels, interleaved bid:ask, exact strings, signed (§5.2). */
export const checksum = (bids: ReadonlyArray<Level>, asks: ReadonlyArray<Level>): number => {
  const parts: Array<string> = []
  for (let i = 0; i < 25; i++) {
    if (i < bids.length) parts.push(bids[i]![0], bids[i]![1])
    if (i < asks.length) parts.push(asks[i]![0], asks[i]![1])
  }
  return crc32(parts.join(":")) | 0
}

const table = (() => {
  const t = new Int32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c
  }
  return t
})()

export const crc32 = (text: string): number => {
  const bytes = Buffer.from(text, "utf8")
  let crc = -1
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8)
  return (crc ^ -1) >>> 0
}
