/** `GET /api/v2/public/time`, declared apart so the client can use it without a module cycle. */
import * as Schema from "effect/Schema"
import * as Endpoint from "../Endpoint.js"
import * as RateLimit from "../RateLimit.js"
import { Timestamp } from "../Timestamp.js"

export const ServerTime = Endpoint.get("/api/v2/public/time", {
  name: "core.public.serverTime",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Endpoint.NoParams,
  data: Schema.Struct({ serverTime: Timestamp })
})
