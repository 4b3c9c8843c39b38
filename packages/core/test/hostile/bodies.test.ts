/**
 * Bounded answers: whatever the body (nested thousands deep, megabytes of garbage, a huge
 * `msg`), the call fails with a tagged error whose message is a few hundred characters, never a
 * defect; an answer over `maxResponseBytes` is refused without being read whole.
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import type * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as Public from "@effect-bitget/core/Public"
import * as Transport from "@effect-bitget/core/Transport"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Hostile from "./Hostile.js"

const TIME = "GET /api/v2/public/time"

/** The call's failure, asserting it is a failure (not a defect) of `tag` with a bounded message. */
const failure = (
  answer: Hostile.Answer,
  tag: string,
  options: Omit<BitgetConfig.Options, "baseUrl" | "credentials"> = {}
) =>
  Effect.gen(function*() {
    const hostile = yield* Hostile.make()
    hostile.next({ _tag: "Respond", ...answer }, TIME)
    const exit = yield* Effect.exit(
      Effect.provide(Public.serverTime(), Hostile.client(hostile.url, undefined, options)) as Effect.Effect<
        unknown,
        { readonly _tag: string; readonly message: string },
        never
      >
    )
    expect(Exit.isFailure(exit) && exit.cause._tag).toBe("Fail")
    const error = Exit.isFailure(exit) && exit.cause._tag === "Fail" ? exit.cause.error : undefined
    expect(error?._tag).toBe(tag)
    expect(error!.message.length).toBeLessThan(1000)
    expect(hostile.count(TIME)).toBe(1)
    return error!
  })

const envelope = (data: string, code = "00000", msg = "success") =>
  `{"code":"${code}","msg":"${msg}","requestTime":1750000000000,"data":${data}}`

const nested = (depth: number, open: string, close: string, inner = "1") =>
  open.repeat(depth) + inner + close.repeat(depth)

describe("bounded answers (hostile server)", () => {
  for (const depth of [5_000, 100_000]) {
    it.scoped(`data nested ${depth} arrays deep is MalformedResponse, not a defect`, () =>
      Effect.gen(function*() {
        const error = yield* failure({ status: 200, body: envelope(nested(depth, "[", "]")) }, "MalformedResponse")
        // 100,000 deep overflows the stack wherever the suite runs: said so, not a defect. Whether
        // 5,000 does depends on the worker's stack (under Stryker's runner it does not, and the
        // parser's own "expected …" is the reason); either way it is the data's fault.
        expect(error.message).toContain(
          depth === 100_000
            ? "data does not match the schema: nested too deep to read"
            : "data does not match the schema: "
        )
      }))

    it.scoped(`data nested ${depth} objects deep is MalformedResponse, not a defect`, () =>
      failure({ status: 200, body: envelope(nested(depth, "{\"serverTime\":", "}")) }, "MalformedResponse"))

    it.scoped(`a whole body nested ${depth} deep is MalformedResponse`, () =>
      failure({ status: 502, body: nested(depth, "[", "]") }, "MalformedResponse"))
  }

  it.scoped("a 50 MB body that is not JSON: MalformedResponse with a bounded message (cap raised to 64 MB)", () =>
    Effect.gen(function*() {
      const body = "<html>" + "x".repeat(50 * 1024 * 1024)
      const error = yield* failure({ status: 200, body }, "MalformedResponse", { maxResponseBytes: 64 * 1024 * 1024 })
      expect(error.message).toContain("body is not JSON")
    }))

  for (const chunked of [false, true]) {
    it.scoped(`an answer over maxResponseBytes is refused (${chunked ? "chunked" : "content-length"})`, () =>
      Effect.gen(function*() {
        const big = envelope(`{"serverTime":"1750000000000","pad":"${"p".repeat(5000)}"}`)
        const error = yield* failure({ status: 200, body: big, chunked }, "MalformedResponse", {
          maxResponseBytes: 4096
        })
        expect(error.message).toContain("more than maxResponseBytes (4096)")
        // Nothing of it was kept, so it quotes nothing.
        expect((error as unknown as { readonly excerpt: string }).excerpt).toBe("")
        // The same answer under a cap it fits goes through.
        const hostile = yield* Hostile.make()
        hostile.next({ _tag: "Respond", status: 200, body: big, chunked }, TIME)
        const time = yield* Effect.provide(
          Public.serverTime(),
          Hostile.client(hostile.url, undefined, { maxResponseBytes: 8192 }) as never
        ) as Effect.Effect<{ serverTime: unknown }, unknown, never>
        expect(time.serverTime).toBeDefined()
      }))
  }

  // Issue 23 (11): the status was reported as 200 whatever the server answered.
  for (
    const [name, transport] of [
      ["undici", Transport.layerUndici],
      ["HttpClient adapter", Transport.layerHttpClient.pipe(Layer.provide(FetchHttpClient.layer))]
    ] as const
  ) {
    for (const [status, chunked] of [[502, false], [400, true], [200, false]] as const) {
      it.scoped(`an answer over maxResponseBytes keeps the server's HTTP status (${name}, ${status})`, () =>
        Effect.gen(function*() {
          const hostile = yield* Hostile.make()
          hostile.next({ _tag: "Respond", status, body: "x".repeat(10_000), chunked }, TIME)
          const client = BitgetClient.layerWith({ baseUrl: hostile.url, maxResponseBytes: 4096 }).pipe(
            Layer.provide(transport)
          )
          const error = yield* Effect.flip(Effect.provide(Public.serverTime(), client))
          expect(error).toMatchObject({ _tag: "MalformedResponse", status })
          expect(error.message).toContain("more than maxResponseBytes (4096)")
        }))
    }
  }

  it.scoped("the default cap refuses a 50 MB answer", () =>
    Effect.gen(function*() {
      const error = yield* failure({ status: 200, body: "x".repeat(50 * 1024 * 1024) }, "MalformedResponse")
      expect(error.message).toContain("more than maxResponseBytes")
    }))

  it.scoped("an error envelope with a 1 MB msg and a 1 MB code keeps a bounded message", () =>
    Effect.gen(function*() {
      const msg = "m".repeat(1024 * 1024)
      const error = yield* failure({ status: 400, body: envelope("null", "40034", msg) }, "InvalidParameter")
      expect(error.message).toContain("40034")
      yield* failure({ status: 400, body: envelope("null", "9".repeat(1024 * 1024)) }, "ExchangeError")
    }))
})
