/**
 * V3 institutional loans: binding sub-accounts to the main account's one risk unit (at most 50),
 * and that unit's id. The product and loan reads answer generated, schema-valid data (the
 * simulator runs no institutional loan products).
 */
import * as InsLoan from "@effect-bitget/unified/InsLoan"
import * as Effect from "effect/Effect"
import type { Accounts } from "../Accounts.js"
import { type Route, route } from "../Domain.js"
import { codes, reject } from "../Rejection.js"

/** The most sub-accounts one risk unit binds (agent-sdk catalog, bindUnbindUidToRiskUnit). */
export const MAX_BOUND = 50

export const insLoanRoutes = (accounts: Accounts): ReadonlyArray<Route> => {
  const bound = new Map<string, Set<string>>()
  const unitOf = (uid: string) => `RU${uid}`
  return [
    route(InsLoan.RiskUnit, (_, context) => Effect.succeed({ riskUnitId: [unitOf(context.account!.uid)] })),
    route(InsLoan.BindUid, (request, context) => {
      const main = context.account!.uid
      const unit = request.riskUnitId ?? unitOf(main)
      if (unit !== unitOf(main)) return reject(codes.parameter, `riskUnitId: ${unit} is not this account's`)
      if (accounts.accounts.get(request.uid)?.parentUid !== main) {
        return reject(codes.parameter, `uid: ${request.uid} is not a sub-account of this account`)
      }
      const set = bound.get(unit) ?? new Set<string>()
      bound.set(unit, set)
      if (request.operate === "bind") {
        if (!set.has(request.uid) && set.size >= MAX_BOUND) {
          return reject(codes.parameter, `a risk unit binds at most ${MAX_BOUND} sub-accounts`)
        }
        set.add(request.uid)
      } else {
        set.delete(request.uid)
      }
      return Effect.succeed({ riskUnitId: unit, uid: request.uid, operate: request.operate })
    })
  ]
}
