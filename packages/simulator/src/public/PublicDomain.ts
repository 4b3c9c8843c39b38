/**
 * The public endpoints' domain: the server clock (with any configured skew) and announcements
 * with readable titles, every type in turn over the last four weeks, filtered by `annType` and
 * `[startTime, endTime]` and served by their real cursor like every seeded list.
 */
import * as Public from "@effect-bitget/core/Public"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { type Domain, type Environment, route } from "../Domain.js"
import * as Seeded from "../Seeded.js"

const coins = ["ZETA", "NOVA", "ORBIT", "PIXEL", "QUARK", "RIVER", "SOLAR", "TIDE", "UMBRA", "VERTEX"]

const title = (type: string | undefined, i: number): string => {
  const coin = coins[i % coins.length]!
  switch (type) {
    case "coin_listings":
      return `Bitget will list ${coin} (${coin}) in the Innovation Zone`
    case "symbol_delisting":
      return `Bitget will delist ${coin}USDT perpetual futures`
    case "maintenance_system_updates":
      return `Scheduled system maintenance #${i + 1}`
    default:
      return `${coin} campaign and platform update #${i + 1}`
  }
}

const DAY = 86_400_000

const millis = (value: DateTime.Utc | undefined) => value === undefined ? undefined : DateTime.toEpochMillis(value)

export const make = (environment: Environment): Domain => {
  let announcements: Seeded.Seeded | undefined
  return {
    name: "public",
    routes: [
      route(Public.ServerTime, (_, context) => Effect.succeed({ serverTime: DateTime.unsafeMake(context.now) })),
      route(Public.Announcements, (request) => {
        if (announcements === undefined) {
          const anchor = environment.now()
          const seeded = Seeded.seed(Public.Announcements, anchor)
          // Every type in turn, spread over the last four weeks (Bitget searches about a month).
          const rows = (seeded.rows as unknown as ReadonlyArray<Public.Announcement>).map((row, i, all) => {
            const annType = Public.announcementTypes[i % Public.announcementTypes.length]!
            return {
              ...row,
              annType,
              annTitle: title(annType, i),
              cTime: DateTime.unsafeMake(anchor - Math.floor((i * 28 * DAY) / all.length))
            }
          })
          announcements = { ...seeded, rows: rows as unknown as Seeded.Seeded["rows"] }
        }
        // The filters the exchange honours: the type and the announcement time.
        const start = millis(request.startTime)
        const end = millis(request.endTime)
        const rows = (announcements.rows as unknown as ReadonlyArray<Public.Announcement>).filter((row) =>
          (request.annType === undefined || row.annType === request.annType) &&
          (start === undefined || DateTime.toEpochMillis(row.cTime) >= start) &&
          (end === undefined || DateTime.toEpochMillis(row.cTime) <= end)
        )
        const page = Seeded.answer(
          Public.Announcements,
          { ...announcements, rows: rows as unknown as Seeded.Seeded["rows"] },
          request
        ) as ReadonlyArray<Public.Announcement>
        return Effect.succeed(page.map((row) => ({ ...row, language: request.language })))
      })
    ]
  }
}
