/**
 * V3 tax records (`/api/v3/tax/records`) read from the ledger every other endpoint writes: the
 * spot world's bills of a unified account (its one balance: trades, fees, deposits, withdrawals,
 * transfers, the last three as `OTHER`) and the futures world's bills of the uid per product.
 * Newest first, below the `cursor` id, within `[startTime, endTime]`.
 */
import * as Tax from "@effect-bitget/unified/Tax"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { type Route, route } from "../Domain.js"
import type { World as FuturesWorld } from "../futures/World.js"
import type { World as SpotWorld } from "../spot/World.js"

/** Bills of these groups are `OTHER` (money in and out of the account), the rest `SPOT`. */
const OTHER = new Set(["deposit", "withdraw", "transfer"])

export const taxRoutes = (spot: SpotWorld, futures: FuturesWorld | undefined): ReadonlyArray<Route> => [
  route(Tax.Records, (request, context) =>
    Effect.sync(() => {
      const uid = context.account!.uid
      const start = DateTime.toEpochMillis(request.startTime)
      const end = DateTime.toEpochMillis(request.endTime)
      const below = request.cursor === undefined ? undefined : BigInt(request.cursor)
      const rows: Array<Tax.TaxRecord> = []
      if (request.bizType === "SPOT" || request.bizType === "OTHER") {
        const other = request.bizType === "OTHER"
        for (const b of spot.bills) {
          if (b.uid !== uid || OTHER.has(b.groupType) !== other) continue
          rows.push({
            id: b.billId,
            coin: b.coin,
            type: b.businessType,
            amount: b.size,
            fee: b.fees,
            balance: b.balance,
            ts: DateTime.unsafeMake(b.cTime)
          })
        }
      } else if (request.bizType !== "MARGIN" && futures !== undefined) {
        for (const b of futures.bills) {
          if (b.account !== uid || b.productType !== request.bizType) continue
          rows.push({
            id: b.billId,
            coin: b.coin,
            type: b.businessType,
            amount: b.amount,
            fee: b.fee,
            balance: b.balance,
            ts: DateTime.unsafeMake(b.cTime)
          })
        }
      }
      return rows
        .filter((r) => {
          const ts = DateTime.toEpochMillis(r.ts)
          return ts >= start && ts <= end && (request.coin === undefined || r.coin === request.coin) &&
            (below === undefined || BigInt(r.id) < below)
        })
        .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? 1 : -1))
        .slice(0, request.limit ?? 500)
    }))
]
