/**
 * The guide's OpenTelemetry recipe (docs/guide.md, "OpenTelemetry"), with the SDK's in-memory
 * exporters in place of OTLP: a call's span and the client's metrics arrive with the right names
 * and attributes, and no secret is in any of them.
 */
import { Simulator } from "@effect-bitget/simulator"
import * as NodeSdk from "@effect/opentelemetry/NodeSdk"
import { describe, expect, it } from "@effect/vitest"
import { AggregationTemporality, MetricReader } from "@opentelemetry/sdk-metrics"
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base"
import * as Bitget from "effect-bitget"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"

/** A reader the test collects from when it wants (the recipe's PeriodicExportingMetricReader exports on a timer). */
class CollectingReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE })
  }
  protected onForceFlush(): Promise<void> {
    return Promise.resolve()
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve()
  }
}

describe("OpenTelemetry (the guide's recipe, in-memory exporters)", () => {
  it.scopedLive("a call's span and the client's metrics arrive with their names and attributes, and no secret", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const spans = new InMemorySpanExporter()
      const reader = new CollectingReader()
      const telemetry = NodeSdk.layer(() => ({
        resource: { serviceName: "test" },
        spanProcessor: new SimpleSpanProcessor(spans),
        metricReader: reader
      }))
      const client = Bitget.layer({
        baseUrl: simulator.url,
        credentials: simulator.credentials,
        metrics: true
      })
      // Read inside the layer: the SDK's shutdown (when the layer closes) empties the in-memory exporter.
      const scope = yield* Effect.scope
      const context = yield* Layer.buildWithScope(Layer.merge(client, telemetry), scope)
      // Effect's metrics live in one registry per process, and other test files run in this
      // worker before this one: the counts are read as what this call added.
      const collect = Effect.map(Effect.promise(() => reader.collect()), ({ resourceMetrics }) => {
        const metrics = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics)
        const points = (name: string) =>
          metrics.filter((metric) => metric.descriptor.name === name).flatMap((metric) =>
            metric.dataPoints as ReadonlyArray<
              { readonly attributes: Record<string, unknown>; readonly value: unknown }
            >
          )
        const requests = points("bitget.requests").find((point) =>
          point.attributes["endpoint"] === "core.public.tradeRate" && point.attributes["outcome"] === "success"
        )
        const duration = points("bitget.request.duration").find((point) =>
          point.attributes["endpoint"] === "core.public.tradeRate"
        )
        const available = points("bitget.limiter.available").find((point) =>
          point.attributes["endpoint"] === "core.public.tradeRate"
        )
        return {
          resourceMetrics,
          requests: Number(requests?.value ?? 0),
          durations: (duration?.value as { readonly count: number } | undefined)?.count ?? 0,
          available: available?.value
        }
      })
      const before = yield* collect
      const fees = yield* Bitget.Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" }).pipe(
        Effect.withSpan("caller"),
        Effect.provide(context)
      )
      expect(fees.makerFeeRate).toBeDefined()

      const finished = spans.getFinishedSpans()
      const call = finished.find((span) => span.name === "bitget.core.public.tradeRate")
      const caller = finished.find((span) => span.name === "caller")
      expect(call).toBeDefined()
      expect(call!.parentSpanContext?.spanId).toBe(caller!.spanContext().spanId)
      expect(call!.attributes).toMatchObject({
        "bitget.method": "GET",
        "bitget.path": "/api/v2/common/trade-rate",
        "http.response.status_code": 200
      })

      const after = yield* collect
      const resourceMetrics = after.resourceMetrics
      expect(after.requests - before.requests).toBe(1)
      expect(after.durations - before.durations).toBe(1)
      // trade-rate allows 10 a second per UID: one taken, nine left.
      expect(after.available).toBe(9)

      const exported = JSON.stringify([
        finished.map((span) => [span.name, span.attributes, span.events, span.resource.attributes]),
        resourceMetrics
      ])
      for (
        const secret of [simulator.credentials.apiKey, simulator.credentials.secret, simulator.credentials.passphrase]
      ) {
        expect(exported).not.toContain(Redacted.value(secret))
      }
      expect(exported).not.toMatch(/ACCESS-SIGN|ACCESS-KEY|ACCESS-PASSPHRASE/i)
    }).pipe(Effect.provide(Simulator.layer())))
})
