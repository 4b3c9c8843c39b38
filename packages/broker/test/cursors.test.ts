/**
 * The broker's sub-account lists walked a row a page through an exchange whose cursor is
 * inclusive (each page repeats the row the cursor names: see core's hostile/inclusive.ts): rows
 * are passed over by `subUid` (Get-Subaccount-List: `idLessThan` = the last `subUid`) and by
 * `subAccountUid` (Get-Virtual-Subaccount-List: `idLessThan` = `endId`). A declaration naming
 * another field sees the repeated row twice and stops. (The broker's commission and deposit
 * histories have no simulated state: their rows are generated from the declarations themselves.)
 */
import { BrokerSubaccount, VirtualSubaccount } from "@effect-bitget/broker"
import { Simulator } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import * as Hostile from "../../core/test/hostile/Hostile.js"
import { inclusive } from "../../core/test/hostile/inclusive.js"
import { fresh } from "./support.js"

layer(fresh(), { excludeTestServices: true })("broker sub-account cursors on an inclusive exchange", (it) => {
  it.effect("sub-accounts and virtual sub-accounts: every row once, each repeated row passed over", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const made: Array<string> = []
      for (const name of ["cursorone", "cursortwo"]) {
        made.push((yield* BrokerSubaccount.createSubaccount({ subaccountName: name })).subUid)
      }
      const virtual = (yield* VirtualSubaccount.createVirtualSubaccount({
        subAccountList: ["cursaaaa", "cursaaab"]
      })).successList.map((row) => row.subAccountUid)
      expect(virtual).toHaveLength(2)

      const cases = [
        {
          route: "GET /api/v2/broker/account/subaccount-list",
          id: "subUid",
          list: "subList",
          expected: [...made].reverse(),
          walk: BrokerSubaccount.subaccountList.items({ limit: 1 })
        },
        {
          route: "GET /api/v2/user/virtual-subaccount-list",
          id: "subAccountUid",
          list: "subAccountList",
          expected: [...virtual].reverse(),
          walk: VirtualSubaccount.virtualSubaccountList.items({ limit: 1 })
        }
      ] as const
      for (const { expected, id, list, route, walk } of cases) {
        const hostile = yield* Hostile.make({ upstream: simulator.url })
        const server = inclusive([route], { param: "idLessThan", id, list })
        hostile.otherwise(server.handler)
        const rows = yield* Stream.runCollect(walk as Stream.Stream<unknown, unknown, any>).pipe(
          Effect.provide(Hostile.client(hostile.url, simulator.credentials))
        )
        expect([route, server.repeated()]).toEqual([route, expected.length - 1])
        expect([route, Chunk.toArray(rows).map((row) => (row as Record<string, string>)[id])]).toEqual([
          route,
          expected
        ])
      }
    }).pipe(Effect.scoped))
})
