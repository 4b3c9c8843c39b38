/**
 * The guide's OpenTelemetry recipe (docs/guide.md, "OpenTelemetry": the region of
 * examples/opentelemetry.ts the page is copied from) run as written, with its OTLP/HTTP exporters,
 * end to end: the client's config and the exporters' endpoint from the environment
 * (`BITGET_*`, `BITGET_METRICS=true`, `OTEL_EXPORTER_OTLP_ENDPOINT`), a signed call under the
 * caller's span, and the SDK's exports, sent when the program's layers close, received by a
 * loopback collector of the test's own. Span names, metric names and attributes arrive; no secret
 * (api key, secret, passphrase, the request's signature) is in any exported byte.
 */
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Recipe from "../examples/opentelemetry.js"
import { collector, tap } from "./loopback.js"

/** Sets `variables` in the process's environment for the scope (the recipe reads it as a user's program does). */
const environment = (variables: Record<string, string>) =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const before = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]))
      Object.assign(process.env, variables)
      return before
    }),
    (before) =>
      Effect.sync(() => {
        for (const [name, value] of Object.entries(before)) {
          if (value === undefined) delete process.env[name]
          else process.env[name] = value
        }
      })
  )

/** OTLP/JSON's attribute list as a record of plain values. */
interface Attribute {
  readonly key: string
  readonly value: { readonly stringValue?: string; readonly intValue?: number | string; readonly boolValue?: boolean }
}
const attributes = (list: ReadonlyArray<Attribute> | undefined): Record<string, unknown> =>
  Object.fromEntries(
    (list ?? []).map(({ key, value }) => [key, value.stringValue ?? value.boolValue ?? Number(value.intValue)])
  )

interface Span {
  readonly name: string
  readonly spanId: string
  readonly parentSpanId?: string
  readonly kind: number
  readonly attributes?: ReadonlyArray<Attribute>
}
interface Point {
  readonly attributes?: ReadonlyArray<Attribute>
  readonly asInt?: number | string
  readonly asDouble?: number
  readonly count?: number | string
}
interface Metric {
  readonly name: string
  readonly sum?: { readonly dataPoints: ReadonlyArray<Point> }
  readonly gauge?: { readonly dataPoints: ReadonlyArray<Point> }
  readonly histogram?: { readonly dataPoints: ReadonlyArray<Point> }
}

describe("OpenTelemetry (the guide's recipe, OTLP/HTTP to a loopback collector)", () => {
  it.scopedLive("spans and metrics arrive with their names and attributes, and no secret in any byte", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const wire = yield* tap(simulator.url)
      const otlp = yield* collector

      // The recipe as the page shows it; the environment points it at the simulator and the collector.
      yield* environment({
        BITGET_BASE_URL: wire.url,
        BITGET_API_KEY: Redacted.value(simulator.credentials.apiKey),
        BITGET_API_SECRET: Redacted.value(simulator.credentials.secret),
        BITGET_API_PASSPHRASE: Redacted.value(simulator.credentials.passphrase),
        BITGET_METRICS: "true",
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url
      })
      const assets = yield* Effect.promise(() => Recipe.run())
      expect(assets.length).toBeGreaterThan(0)
      expect(wire.requests.map((request) => request.path)).toEqual(["/api/v2/spot/account/assets"])
      const signature = wire.requests[0]!.headers["access-sign"]
      expect(typeof signature).toBe("string")

      // The layers closed with the program: the SDK flushed both signals to the collector, as OTLP/JSON.
      const received = (path: string) => otlp.exports.filter((e) => e.path === path)
      expect(received("/v1/traces").length).toBeGreaterThan(0)
      expect(received("/v1/metrics").length).toBeGreaterThan(0)
      for (const e of otlp.exports) expect(e.contentType).toMatch(/^application\/json/)

      const spans: Array<Span> = received("/v1/traces").flatMap((e) =>
        JSON.parse(e.bytes.toString("utf8")).resourceSpans.flatMap((r: { scopeSpans: Array<{ spans: Array<Span> }> }) =>
          r.scopeSpans.flatMap((s) => s.spans)
        )
      )
      const call = spans.find((span) => span.name === "bitget.spot.account.assets")
      const caller = spans.find((span) => span.name === "rebalance")
      expect(call).toBeDefined()
      expect(caller).toBeDefined()
      expect(call!.parentSpanId).toBe(caller!.spanId)
      expect(call!.kind).toBe(3) // SPAN_KIND_CLIENT
      expect(attributes(call!.attributes)).toMatchObject({
        "bitget.method": "GET",
        "bitget.path": "/api/v2/spot/account/assets",
        "http.response.status_code": 200
      })

      const metrics: Array<Metric> = received("/v1/metrics").flatMap((e) =>
        JSON.parse(e.bytes.toString("utf8")).resourceMetrics.flatMap((r: {
          scopeMetrics: Array<{ metrics: Array<Metric> }>
        }) => r.scopeMetrics.flatMap((s) => s.metrics))
      )
      const points = (name: string) =>
        metrics.filter((metric) => metric.name === name).flatMap((metric) =>
          (metric.sum ?? metric.gauge ?? metric.histogram)?.dataPoints ?? []
        ).map((point) => ({ ...point, tags: attributes(point.attributes) }))
      const requests = points("bitget.requests").find((point) =>
        point.tags["endpoint"] === "spot.account.assets" && point.tags["outcome"] === "success"
      )
      expect(Number(requests?.asInt ?? requests?.asDouble)).toBe(1)
      const duration = points("bitget.request.duration").find((p) => p.tags["endpoint"] === "spot.account.assets")
      expect(Number(duration?.count)).toBe(1)
      const available = points("bitget.limiter.available").find((p) => p.tags["endpoint"] === "spot.account.assets")
      // assets allows 10 a second per UID: one taken, nine left.
      expect(Number(available?.asInt ?? available?.asDouble)).toBe(9)

      const exported = otlp.exports.map((e) => e.bytes.toString("utf8")).join("\n")
      expect(exported).toContain("my-trading-service")
      for (
        const secret of [
          Redacted.value(simulator.credentials.apiKey),
          Redacted.value(simulator.credentials.secret),
          Redacted.value(simulator.credentials.passphrase),
          signature as string
        ]
      ) {
        expect(secret.length).toBeGreaterThan(8)
        expect(exported).not.toContain(secret)
      }
      expect(exported).not.toMatch(/ACCESS-SIGN|ACCESS-KEY|ACCESS-PASSPHRASE/i)
    }).pipe(Effect.provide(Simulator.layer())))
})
