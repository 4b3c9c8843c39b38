/**
 * Unified's 25xxx codes at their edges through V3 operations (see core's hostile/lineCodes.ts):
 * known codes keep their family whatever the status, a family the endpoint does not declare is
 * `ExchangeError`, unknown codes beside the range are decided by the HTTP status.
 */
import * as Unified from "@effect-bitget/unified"
import { describe } from "@effect/vitest"
import { lineCodes } from "../../core/test/hostile/lineCodes.js"

const { Trade, Transfer } = Unified

describe("unified codes at their edges (hostile server)", () => {
  lineCodes("orderInfo", {
    route: "GET /api/v3/trade/order-info",
    call: Trade.orderInfo({ orderId: "1" }),
    known: [
      ["25204", "OrderNotFound"],
      ["25000", "ServiceUnavailable"],
      ["25002", "InvalidParameter"],
      ["25620", "PermissionError"],
      ["25245", "AccountModeError"],
      // InsufficientBalance is not among order-info's errors: the caller sees ExchangeError, code kept.
      ["25202", "ExchangeError"]
    ],
    // A read is retried on 429 and 5xx: one unknown code here, the others through the write below.
    unknown: ["25205"]
  })
  lineCodes("transfer", {
    route: "POST /api/v3/account/transfer",
    call: Transfer.transfer({ fromType: "spot", toType: "uta", amount: "1", coin: "USDT" }),
    known: [["25202", "InsufficientBalance"], ["25203", "InsufficientBalance"], ["25227", "InsufficientBalance"]],
    unknown: ["25005", "25226", "25999"]
  })
})
