/**
 * The guide's OpenTelemetry recipe (docs/guide.md, "OpenTelemetry") as written, with its OTLP/HTTP
 * exporters, end to end: the client's config from the environment (`BITGET_METRICS=true`), a signed
 * call under the caller's span, and the SDK's exports, sent when the program's layers close, received
 * by a loopback collector of the test's own. Span names, metric names and attributes arrive; no
 * secret (api key, secret, passphrase, the request's signature) is in any exported byte.
 */
import { Simulator } from "@effect-bitget/simulator"
import * as NodeSdk from "@effect/opentelemetry/NodeSdk"
import { describe, expect, it } from "@effect/vitest"
import { OTLPMetricExporter } from "@opentelemetry/exporter-metrics-otlp-http"
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http"
import { PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics"
import { BatchSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { layerConfig, Spot } from "effect-bitget"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { collector, tap } from "./loopback.js"

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

      // The recipe, its exporters pointed at the collector (the recipe's defaults read OTEL_EXPORTER_OTLP_*).
      const Telemetry = NodeSdk.layer(() => ({
        resource: { serviceName: "my-trading-service" },
        spanProcessor: new BatchSpanProcessor(new OTLPTraceExporter({ url: `${otlp.url}/v1/traces` })),
        metricReader: new PeriodicExportingMetricReader({
          exporter: new OTLPMetricExporter({ url: `${otlp.url}/v1/metrics` })
        })
      }))
      const program = Spot.Account.assets().pipe(Effect.withSpan("rebalance"))
      const assets = yield* program.pipe(
        Effect.provide(Layer.merge(layerConfig, Telemetry)),
        Effect.withConfigProvider(ConfigProvider.fromMap(
          new Map([
            ["BITGET_BASE_URL", wire.url],
            ["BITGET_API_KEY", Redacted.value(simulator.credentials.apiKey)],
            ["BITGET_API_SECRET", Redacted.value(simulator.credentials.secret)],
            ["BITGET_API_PASSPHRASE", Redacted.value(simulator.credentials.passphrase)],
            ["BITGET_METRICS", "true"]
          ])
        ))
      )
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
