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
  // A write (not retried on 5xx): each status is one request.
  lineCodes("modifyOrder", {
    route: "POST /api/v3/trade/modify-order",
    call: Trade.modifyOrder({ orderId: "1", price: "50000" }),
    known: [
      ["25204", "OrderNotFound"],
      ["25202", "InsufficientBalance"],
      ["25000", "ServiceUnavailable"],
      ["25002", "InvalidParameter"],
      ["25620", "PermissionError"],
      ["25245", "AccountModeError"],
      // DuplicateClientOid is not among modify-order's errors: the caller sees ExchangeError, code kept.
      ["25212", "ExchangeError"]
    ],
    unknown: ["25005", "25205", "25999"]
  })
  lineCodes("transfer", {
    route: "POST /api/v3/account/transfer",
    call: Transfer.transfer({ fromType: "spot", toType: "uta", amount: "1", coin: "USDT" }),
    known: [["25203", "InsufficientBalance"], ["25227", "InsufficientBalance"]],
    unknown: ["25226"]
  })
})
