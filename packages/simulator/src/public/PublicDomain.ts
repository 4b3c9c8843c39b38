/**
 * The public endpoints' domain: the server clock (with any configured skew) and announcements
 * with readable titles, served by their real cursor like every seeded list.
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

export const make = (environment: Environment): Domain => {
  let announcements: Seeded.Seeded | undefined
  return {
    name: "public",
    routes: [
      route(Public.ServerTime, (_, context) => Effect.succeed({ serverTime: DateTime.unsafeMake(context.now) })),
      route(Public.Announcements, (request) => {
        if (announcements === undefined) {
          const seeded = Seeded.seed(Public.Announcements, environment.now())
          const rows = (seeded.rows as unknown as ReadonlyArray<Public.Announcement>).map((row, i) => ({
            ...row,
            annTitle: title(row.annType, i)
          }))
          announcements = { ...seeded, rows: rows as unknown as Seeded.Seeded["rows"] }
        }
        const page = Seeded.answer(Public.Announcements, announcements, request) as ReadonlyArray<Public.Announcement>
        return Effect.succeed(page.map((row) => ({ ...row, language: request.language })))
      })
    ]
  }
}
