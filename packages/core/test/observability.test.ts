import * as Public from "@effect-bitget/core/Public"
import { Simulator } from "@effect-bitget/simulator"
import * as Headers from "@effect/platform/Headers"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as FiberRef from "effect/FiberRef"
import * as Logger from "effect/Logger"
import * as LogLevel from "effect/LogLevel"
import * as Redacted from "effect/Redacted"
import * as Tracer from "effect/Tracer"
import * as Support from "./support.js"

interface Recorded {
  readonly name: string
  readonly spanId: string
  readonly parent: string | undefined
  readonly attributes: Map<string, unknown>
  readonly kind: Tracer.SpanKind
  readonly options: Tracer.SpanOptions | undefined
  ended: boolean
  exit?: unknown
}

/** A tracer that keeps every span with its attributes. */
const recording = () => {
  const spans: Array<Recorded> = []
  let id = 0
  const tracer = Tracer.make({
    span(name, parent, context, links, startTime, kind, options) {
      const attributes = new Map<string, unknown>()
      const spanId = String(++id)
      const recorded: Recorded = {
        name,
        spanId,
        parent: parent._tag === "Some" ? parent.value.spanId : undefined,
        attributes,
        kind,
        options,
        ended: false
      }
      spans.push(recorded)
      const span: Tracer.Span = {
        _tag: "Span",
        name,
        spanId,
        traceId: "trace",
        parent,
        context,
        status: { _tag: "Started", startTime },
        attributes,
        links,
        sampled: true,
        kind,
        end(_endTime, exit) {
          recorded.ended = true
          recorded.exit = exit
        },
        attribute(key, value) {
          attributes.set(key, value)
        },
        event() {},
        addLinks() {}
      }
      return span
    },
    context: (f) => f()
  })
  return { spans, tracer }
}

const secrets = (simulator: Simulator.Service) => [
  Redacted.value(simulator.credentials.apiKey),
  Redacted.value(simulator.credentials.secret),
  Redacted.value(simulator.credentials.passphrase)
]

describe("observability", () => {
  it.scoped("one span per call named after the endpoint, with method, path and status, and no secret", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const { spans, tracer } = recording()
      yield* Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" }).pipe(Effect.withTracer(tracer))
      const call = spans.filter((span) => span.name === "bitget.core.public.tradeRate")
      expect(call).toHaveLength(1)
      expect(Object.fromEntries(call[0]!.attributes)).toMatchObject({
        "bitget.method": "GET",
        "bitget.path": "/api/v2/common/trade-rate",
        "http.response.status_code": 200
      })
      // A client span, made without capturing a stack trace (a cost of every call; its name says where it is).
      expect([call[0]!.kind, call[0]!.options?.captureStackTrace]).toEqual(["client", false])
      const everything = JSON.stringify(spans.map((span) => [span.name, [...span.attributes]]))
      for (const secret of secrets(simulator)) expect(everything).not.toContain(secret)
    }).pipe(Effect.provide(Support.env())))

  it.scoped("a tracer of the program's own gets the call's span even when it hands its spans to Effect's own tracer", () =>
    Effect.gen(function*() {
      // Only Effect's own tracer itself (whose spans no one can see) is spared the span.
      const native = yield* Effect.tracer
      const names: Array<string> = []
      const wrapping = Tracer.make({
        span: (name, ...rest) => {
          names.push(name)
          return native.span(name, ...rest)
        },
        context: (f) => f()
      })
      yield* Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" }).pipe(Effect.withTracer(wrapping))
      expect(names).toEqual(["bitget.core.public.tradeRate"])
      // Under Effect's own tracer the call answers the same (its span is not made).
      const rate = yield* Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" })
      expect(rate.makerFeeRate).toBeDefined()
    }).pipe(Effect.provide(Support.env())))

  it.scoped("the call's span is the caller's child and ends; a clock resync inside a call is the call's child", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const { spans, tracer } = recording()
      simulator.faults.set({ clockSkewMillis: 120_000 })
      yield* Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" }).pipe(
        Effect.withSpan("caller"),
        Effect.withTracer(tracer)
      )
      const byName = (name: string) => spans.filter((span) => span.name === name)
      const [caller] = byName("caller")
      const calls = byName("bitget.core.public.tradeRate")
      expect(calls).toHaveLength(1)
      const call = calls[0]!
      expect(call.parent).toBe(caller!.spanId)
      // 40008, then one resync (its own span and the server-time call's), then the call again.
      const [sync] = byName("bitget.syncClock")
      expect(sync?.parent).toBe(call.spanId)
      expect(byName("bitget.core.public.serverTime")[0]?.parent).toBe(sync!.spanId)
      expect(spans.every((span) => span.ended)).toBe(true)
      expect(call.attributes.get("http.response.status_code")).toBe(200)
    }).pipe(Effect.provide(Support.env())))

  it.scoped("a span's exit does not keep the call's data alive once the call has answered (no page held by a span)", () =>
    Effect.gen(function*() {
      const { spans, tracer } = recording()
      const rate = yield* Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" }).pipe(Effect.withTracer(tracer))
      expect(rate).toBeDefined()
      const call = spans.find((span) => span.name === "bitget.core.public.tradeRate")!
      expect(call.ended).toBe(true)
      const exit = call.exit as { readonly _tag: string; readonly value: unknown }
      expect(exit._tag).toBe("Success")
      // The value the span saw is an emptied box, not the data the caller got.
      expect(JSON.stringify(exit.value)).not.toContain(JSON.stringify(rate).slice(0, 20))
      expect(exit.value).not.toBe(rate)
    }).pipe(Effect.provide(Support.env())))

  it.scoped("no trace headers are sent to the exchange, and ACCESS-* are redacted names for the whole program", () =>
    Effect.gen(function*() {
      const echo = yield* Support.query({ probe: "1" }).pipe(Effect.withTracer(recording().tracer))
      expect(Object.keys(echo)).toEqual(["probe"])
      const names = yield* FiberRef.get(Headers.currentRedactedNames)
      for (const name of ["ACCESS-KEY", "ACCESS-SIGN", "ACCESS-PASSPHRASE"]) expect(names).toContain(name)
      // A request logged anywhere in the program (not only inside a call) hides its signed headers.
      const request = HttpClientRequest.get("/x", { headers: { "ACCESS-SIGN": "s3cr3t", locale: "en-US" } })
      const lines: Array<string> = []
      yield* Effect.log("request", request).pipe(
        Effect.provide(
          Logger.replace(Logger.defaultLogger, Logger.map(Logger.logfmtLogger, (line) => lines.push(line)))
        )
      )
      expect(lines.join("\n")).toContain("en-US")
      expect(lines.join("\n")).not.toContain("s3cr3t")
    }).pipe(Effect.provide(Support.env())))

  it.scopedLive("logging a failed call's full cause, or a config, shows no secret", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const lines: Array<string> = []
      const capture = Logger.replace(
        Logger.defaultLogger,
        Logger.map(Logger.logfmtLogger, (line) => {
          lines.push(line)
        })
      )
      simulator.faults.inject({ _tag: "Drop" }, 3)
      yield* Support.echo({ note: "x" }).pipe(
        Effect.tapErrorCause((cause) => Effect.logError("call failed", cause)),
        Effect.ignore,
        Effect.provide(capture),
        Logger.withMinimumLogLevel(LogLevel.All)
      )
      yield* Support.fail({ code: "40009" }).pipe(
        Effect.tapErrorCause((cause) => Effect.logError("call failed", cause)),
        Effect.ignore,
        Effect.provide(capture)
      )
      yield* Effect.logInfo("credentials", simulator.credentials).pipe(Effect.provide(capture))
      expect(lines.length).toBeGreaterThanOrEqual(3)
      const text = lines.join("\n")
      for (const secret of secrets(simulator)) expect(text).not.toContain(secret)
    }).pipe(Effect.provide(Support.env())))
})

describe("local checks send nothing", () => {
  it.scoped("a demo symbol with a real coin, or the reverse, fails with InvalidRequest before sending", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const mixed = yield* Effect.flip(Support.echo({ symbol: "SBTCSUSDT", marginCoin: "USDT" }))
      expect(mixed).toMatchObject({ _tag: "InvalidRequest", endpoint: "test.echo" })
      const reverse = yield* Effect.flip(Support.echo({ symbol: "BTCUSDT", productType: "SUSDT-FUTURES" }))
      expect(reverse._tag).toBe("InvalidRequest")
      expect(simulator.traffic.count("POST /api/v2/test/echo")).toBe(0)
      const batch = yield* Effect.flip(Support.echo({ marginCoin: "SUSDT", list: [{ a: "1", symbol: "BTCUSDT" }] }))
      expect(batch._tag).toBe("InvalidRequest")
      const matched = yield* Support.echo({ symbol: "SBTCSUSDT", marginCoin: "SUSDT", productType: "SUSDT-FUTURES" })
      expect(matched.body).toMatchObject({ symbol: "SBTCSUSDT" })
    }).pipe(Effect.provide(Support.env())))

  it.scoped("a request that fails its schema is refused locally with the reason", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const error = yield* Effect.flip(Support.echo({ size: "1e-7" }))
      expect(error._tag).toBe("InvalidRequest")
      if (error._tag === "InvalidRequest") expect(error.reason).toContain("size")
      const language = yield* Effect.flip(Public.announcements({ language: "fr_FR" as "en_US" }))
      expect(language._tag).toBe("InvalidRequest")
      expect(simulator.traffic.total()).toBe(0)
    }).pipe(Effect.provide(Support.env())))

  it.scoped("a signed endpoint without credentials fails locally", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" }))
      expect(error).toMatchObject({
        _tag: "InvalidRequest",
        endpoint: "core.public.tradeRate",
        reason: "signed endpoint, but no credentials are configured"
      })
      const simulator = yield* Simulator.Simulator
      expect(simulator.traffic.count("GET /api/v2/common/trade-rate")).toBe(0)
      // Public endpoints need no credentials.
      yield* Public.serverTime()
      expect(simulator.traffic.count("GET /api/v2/public/time")).toBe(1)
    }).pipe(Effect.provide(Support.env({ anonymous: true }))))

  it.scoped("demo mode sends paptrading: 1", () =>
    Effect.gen(function*() {
      const echo = yield* Support.echo({ note: "demo" })
      expect(echo).toMatchObject({ body: { note: "demo" }, demo: true })
    }).pipe(Effect.provide(Support.env({ demo: true }))))

  it.scoped("live mode does not", () =>
    Effect.gen(function*() {
      const echo = yield* Support.echo({ note: "live" })
      expect(echo.demo).toBe(false)
    }).pipe(Effect.provide(Support.env())))
})
