/**
 * Test-only declarations served by the simulator next to the real ones: an endpoint that fails
 * with a chosen code, an echo for exact wire checks, and list endpoints for each cursor rule.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { DecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Limit from "@effect-bitget/core/Limit"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import { Domain, Rejection, Simulator } from "@effect-bitget/simulator"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"

const failRequest = Schema.Struct({ code: Schema.String, status: Schema.optional(Schema.NumberFromString) })

/** A signed write that fails with the exchange code and HTTP status asked for; documents every family. */
export const Fail = Endpoint.post("/api/v2/test/fail", {
  name: "test.fail",
  signed: true,
  rateLimit: RateLimit.uid(1000),
  errors: ["InsufficientBalance", "OrderNotFound", "DuplicateClientOid"],
  request: failRequest,
  data: Schema.Null
})
export const fail = Operation.make(Fail)

/** A signed read that fails with the code asked for; documents no family. */
export const FailRead = Endpoint.get("/api/v2/test/fail-read", {
  name: "test.failRead",
  signed: true,
  rateLimit: RateLimit.uid(1000),
  request: failRequest,
  data: Schema.Null
})
export const failRead = Operation.make(FailRead)

/** A public read that fails with the code asked for. */
export const FailPublic = Endpoint.get("/api/v2/test/fail-public", {
  name: "test.failPublic",
  signed: false,
  rateLimit: RateLimit.ip(1000),
  request: failRequest,
  data: Schema.Null
})
export const failPublic = Operation.make(FailPublic)

/** Echoes a POST body as decoded by the exchange; counts its calls. */
export const Echo = Endpoint.post("/api/v2/test/echo", {
  name: "test.echo",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Schema.Struct({
    symbol: Schema.optional(Schema.String),
    marginCoin: Schema.optional(Schema.String),
    productType: Schema.optional(Schema.String),
    size: Schema.optional(DecimalInput),
    note: Schema.optional(Schema.String),
    list: Schema.optional(Schema.Array(Schema.Struct({ a: Schema.String, symbol: Schema.optional(Schema.String) })))
  }),
  data: Schema.Struct({ body: Schema.Unknown, demo: Schema.Boolean })
})
export const echo = Operation.make(Echo)

/** A GET that echoes its query, for query-string encoding checks. */
export const Query = Endpoint.get("/api/v2/test/query", {
  name: "test.query",
  signed: true,
  rateLimit: RateLimit.uid(1000),
  request: Schema.Record({ key: Schema.String, value: Schema.String }),
  data: Schema.Record({ key: Schema.String, value: Schema.String })
})
export const query = Operation.make(Query)

const Row = Schema.Struct({ id: Schema.String, ts: Timestamp, note: Absent.optional(Schema.String) })

const listRequest = Schema.Struct({
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  idLessThan: Schema.optional(Limit.Cursor),
  pageNum: Schema.optional(Limit.PageNumber),
  limit: Schema.optional(Limit.PageSize)
})

/** Bare array of rows, cursor = last row's id, 10-day window, pages of at most 7. */
export const ByLastRow = Endpoint.list("/api/v2/test/by-last-row", {
  name: "test.byLastRow",
  signed: true,
  rateLimit: RateLimit.uid(1000),
  request: listRequest,
  data: Schema.Array(Row),
  pagination: {
    cursor: Pagination.lastRow("id"),
    limit: { param: "limit", max: 7, source: "test declaration" },
    window: Pagination.window("10 days", "ts")
  }
})
export const byLastRow = Operation.make(ByLastRow)

/** Rows inside an object with `endId`, like futures lists; no window. */
export const ByEndId = Endpoint.list("/api/v2/test/by-end-id", {
  name: "test.byEndId",
  signed: true,
  rateLimit: RateLimit.uid(1000),
  request: listRequest,
  data: Schema.Struct({ entrustedList: Schema.Array(Row), endId: Absent.optional(Schema.String) }),
  pagination: {
    list: "entrustedList",
    cursor: Pagination.dataField("endId", "id"),
    limit: { param: "limit", max: 9, source: "test declaration" }
  }
})
export const byEndId = Operation.make(ByEndId)

/** Like `ByEndId`, but its cursor is an opaque token (not a number): order cannot be checked. */
export const ByToken = Endpoint.list("/api/v2/test/by-token", {
  name: "test.byToken",
  signed: true,
  rateLimit: RateLimit.uid(1000),
  request: Schema.Struct({ idLessThan: Schema.optional(Schema.String), limit: Schema.optional(Limit.PageSize) }),
  data: Schema.Struct({ entrustedList: Schema.Array(Row), endId: Absent.optional(Schema.String) }),
  pagination: {
    list: "entrustedList",
    cursor: Pagination.dataField("endId", "id"),
    limit: { param: "limit", max: 9, source: "test declaration" }
  }
})
export const byToken = Operation.make(ByToken)

/** Page numbers. */
export const ByPage = Endpoint.list("/api/v2/test/by-page", {
  name: "test.byPage",
  signed: true,
  rateLimit: RateLimit.uid(1000),
  request: listRequest,
  data: Schema.Array(Row),
  pagination: { cursor: Pagination.page(), limit: { param: "limit", max: 6, source: "test declaration" } }
})
export const byPage = Operation.make(ByPage)

/** Walk back in time, like history candles. */
export const ByTime = Endpoint.list("/api/v2/test/by-time", {
  name: "test.byTime",
  signed: false,
  rateLimit: RateLimit.ip(1000),
  request: listRequest,
  data: Schema.Array(Row),
  pagination: { cursor: Pagination.before("ts"), limit: { param: "limit", max: 8, source: "test declaration" } }
})
export const byTime = Operation.make(ByTime)

export const endpoints = [Fail, FailRead, FailPublic, Echo, Query, ByLastRow, ByEndId, ByPage, ByTime]

const domain: Domain.Domain = {
  name: "test",
  routes: [
    ...[Fail, FailRead, FailPublic].map((endpoint) =>
      Domain.route(
        endpoint,
        (request) => Rejection.reject(request.code, `failure ${request.code}`, request.status ?? 400)
      )
    ),
    Domain.route(Echo, (request, context) => Effect.succeed({ body: request, demo: context.demo })),
    Domain.route(Query, (request) => Effect.succeed(request))
  ]
}

/** A simulator that also serves the test declarations. */
export const simulator = (anchor = 1_750_000_000_000) => Simulator.layer({ endpoints, domains: [domain], anchor })

/** Simulator and a client pointed at it. */
export const env = (options: Simulator.ClientOptions = {}, anchor?: number) =>
  Simulator.layerClient(options).pipe(Layer.provideMerge(simulator(anchor)))
