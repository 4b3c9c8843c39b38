/**
 * The OpenTelemetry recipe of `docs/guide.md` ("OpenTelemetry"): the region is copied into the page
 * by `pnpm docs` (`pnpm docs:check` fails when the page differs), and `test/otlp.test.ts` runs it as
 * written, its OTLP/HTTP exporters sending to a loopback collector named by the environment.
 */
// #region opentelemetry
import { NodeSdk } from "@effect/opentelemetry"
import { OTLPMetricExporter } from "@opentelemetry/exporter-metrics-otlp-http"
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http"
import { PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics"
import { BatchSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { Effect, Layer } from "effect"
import { layerConfig, Spot } from "effect-bitget"

// The exporters send to OTEL_EXPORTER_OTLP_ENDPOINT (http://localhost:4318 when unset).
const Telemetry = NodeSdk.layer(() => ({
  resource: { serviceName: "my-trading-service" },
  spanProcessor: new BatchSpanProcessor(new OTLPTraceExporter()),
  metricReader: new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter() })
}))

// BITGET_METRICS=true in the environment turns the client's metrics on.
const program = Spot.Account.assets().pipe(Effect.withSpan("rebalance"))
// The SDK flushes spans and metrics when the layers close, after the program.
export const run = () => Effect.runPromise(program.pipe(Effect.provide(Layer.merge(layerConfig, Telemetry))))
// #endregion
