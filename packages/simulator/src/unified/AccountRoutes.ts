/**
 * V3 account routes over the unified ledger: assets, settings, leverage and modes, fee rates,
 * bills and the account switch.
 */
import * as UnifiedAccount from "@effect-bitget/unified/Account"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Domain from "../Domain.js"
import type { UnifiedControl } from "./UnifiedDomain.js"

const uidOf = (context: Domain.Context): string => context.account!.uid

export const routes = (control: UnifiedControl): ReadonlyArray<Domain.Route> => {
  const { ledger } = control
  return [
    Domain.route(UnifiedAccount.Assets, (_, context) => {
      const summary = ledger.assets(uidOf(context))
      return Effect.succeed({
        ...summary,
        assets: summary.assets.map((asset) => ({
          coin: asset.coin,
          equity: asset.equity,
          usdValue: asset.usdValue,
          balance: asset.balance,
          available: asset.available,
          debt: asset.debt,
          locked: BigDecimal.sum(asset.frozen, asset.locked)
        }))
      })
    })
  ]
}
