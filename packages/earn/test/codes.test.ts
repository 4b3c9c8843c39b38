/**
 * The earn line's 59xxx codes at their edges through a V2 earn write (see core's
 * hostile/lineCodes.ts): known codes keep their family whatever the status (an `ExchangeError` code
 * at 500, a permission code at 200), families the endpoint does not declare are
 * `ExchangeError`, and unknown codes beside the range are decided by the HTTP status.
 */
import * as Loan from "@effect-bitget/earn/Loan"
import { describe } from "@effect/vitest"
import { lineCodes } from "../../core/test/hostile/lineCodes.js"

describe("earn codes at their edges (hostile server)", () => {
  lineCodes("loan repay", {
    route: "POST /api/v2/earn/loan/repay",
    call: Loan.repay({ orderId: "1", repayAll: true }),
    known: [
      ["59002", "InsufficientBalance"],
      ["59042", "InsufficientBalance"],
      ["59003", "ExchangeError"],
      ["59005", "PermissionError"],
      ["59007", "InvalidParameter"],
      ["59049", "InvalidParameter"]
    ],
    unknown: ["59001", "59050"]
  })
})
