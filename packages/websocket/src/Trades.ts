/**
 * Public trades without repeats. The `trade` (V2) and `publicTrade` (V3) channels start every
 * subscription with a snapshot of recent trades, so after a reconnect or a resubscription the same
 * trades arrive again; these Streams emit each trade once, remembering the last ids seen.
 */
import * as Stream from "effect/Stream"
import * as Channel from "./Channel.js"
import * as V2Public from "./V2Public.js"
import * as V3Public from "./V3Public.js"

/** Trade ids remembered; a snapshot holds far fewer (Bitget sends the last 50 or so). */
const REMEMBERED = 2_000

const unique = <Row>(id: (row: Row) => string) => <E, R>(self: Stream.Stream<Channel.Push<Row>, E, R>) =>
  Stream.suspend(() => {
    const seen = new Set<string>()
    return Stream.mapConcat(self, (push) => {
      const out: Array<Row> = []
      // A snapshot lists the newest first: emit oldest first, as updates come.
      const rows = push.action === "snapshot" ? [...push.rows].reverse() : push.rows
      for (const row of rows) {
        const key = id(row)
        if (seen.has(key)) continue
        seen.add(key)
        if (seen.size > REMEMBERED) seen.delete(seen.values().next().value!)
        out.push(row)
      }
      return out
    })
  })

/** V2 public trades of one instrument, each once (deduplicated by `tradeId` across resubscriptions). */
export const v2 = (request: V2Public.Instrument) =>
  V2Public.trade(request).pipe(unique((row: V2Public.TradeRow) => row.tradeId))

/** V3 public trades of one instrument, each once (deduplicated by `i`). */
export const v3 = (request: V3Public.Instrument) =>
  V3Public.publicTrade(request).pipe(unique((row: V3Public.PublicTradeRow) => row.i))
