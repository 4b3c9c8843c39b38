/**
 * The P2P line's 60xxx codes at their edges through a P2P read (see core's hostile/lineCodes.ts):
 * P2P endpoints declare no families of their own, so an order-not-found or a balance code reaches
 * the caller as `ExchangeError` with its code; parameter codes keep their family whatever the
 * status; unknown codes beside the range are decided by the HTTP status.
 */
import * as P2P from "@effect-bitget/p2p"
import { describe } from "@effect/vitest"
import { lineCodes } from "../../core/test/hostile/lineCodes.js"

describe("P2P codes at their edges (hostile server)", () => {
  lineCodes("merchantList", {
    route: "GET /api/v2/p2p/merchantList",
    call: P2P.Merchant.merchantList({}),
    known: [
      ["60001", "InvalidParameter"],
      ["60006", "InvalidParameter"],
      ["60003", "ExchangeError"],
      ["60013", "ExchangeError"]
    ],
    unknown: ["60000", "60014"]
  })
})
