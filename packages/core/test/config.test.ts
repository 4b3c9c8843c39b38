/**
 * The environment's config is checked when the layer is built, not by the first call: credentials
 * come all three or none (a partial set names what is missing), and the base URL is an http(s) URL.
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as Transport from "@effect-bitget/core/Transport"
import { describe, expect, it } from "@effect/vitest"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"

const KEY = "BITGET_API_KEY"
const SECRET = "BITGET_API_SECRET"
const PASSPHRASE = "BITGET_API_PASSPHRASE"

/** The config read from `env`, or the ConfigError's message. */
const read = (env: Record<string, string>) =>
  BitgetConfig.config.pipe(
    Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env)))),
    Effect.mapError((error) => String(error)),
    Effect.either
  )

const all = { [KEY]: "k", [SECRET]: "s", [PASSPHRASE]: "p" }

describe("BitgetConfig from the environment (issue 23, point 1)", () => {
  it.effect("all three credentials, or none: both build", () =>
    Effect.gen(function*() {
      const three = yield* read(all)
      expect(three._tag).toBe("Right")
      if (three._tag === "Right") {
        const credentials = Option.getOrThrow(three.right.credentials)
        expect([credentials.apiKey, credentials.secret, credentials.passphrase].map(Redacted.value)).toEqual([
          "k",
          "s",
          "p"
        ])
      }
      const none = yield* read({})
      expect(none._tag === "Right" && Option.isNone(none.right.credentials)).toBe(true)
    }))

  for (
    const [missing, env, text] of [
      [SECRET, { [KEY]: "k", [PASSPHRASE]: "p" }, `${SECRET} is missing while ${KEY} and ${PASSPHRASE} are set`],
      [KEY, { [SECRET]: "s", [PASSPHRASE]: "p" }, `${KEY} is missing while ${SECRET} and ${PASSPHRASE} are set`],
      [PASSPHRASE, { [KEY]: "k", [SECRET]: "s" }, `${PASSPHRASE} is missing`],
      [SECRET, { [KEY]: "k" }, `${SECRET} and ${PASSPHRASE} are missing while ${KEY} is set`]
    ] as const
  ) {
    it.effect(`a partial set is a ConfigError naming ${missing}: ${Object.keys(env).join(", ")} set`, () =>
      Effect.gen(function*() {
        const result = yield* read(env)
        expect(result._tag).toBe("Left")
        if (result._tag === "Left") {
          expect(result.left).toContain(missing)
          expect(result.left).toContain(text)
          // The values themselves are never in the message.
          expect(result.left).not.toMatch(/\b[ksp]\b(?!\w)/)
        }
      }))
  }

  for (const bad of ["api.bitget.com", "ftp://api.bitget.com", "https://", "not a url"]) {
    it.effect(`BITGET_BASE_URL ${JSON.stringify(bad)} is a ConfigError naming it`, () =>
      Effect.gen(function*() {
        const result = yield* read({ BITGET_BASE_URL: bad })
        expect(result._tag === "Left" && result.left).toContain("BITGET_BASE_URL")
        expect(result._tag === "Left" && result.left).toContain("expected an http(s) URL")
      }))
  }

  it.effect("an http or https base URL is taken, its trailing slash dropped", () =>
    Effect.gen(function*() {
      const local = yield* read({ BITGET_BASE_URL: "http://127.0.0.1:8080/" })
      expect(local._tag === "Right" && local.right.baseUrl).toBe("http://127.0.0.1:8080")
      const live = yield* read({})
      expect(live._tag === "Right" && live.right.baseUrl).toBe("https://api.bitget.com")
    }))

  it.effect("BitgetClient.layerConfig fails to build with the ConfigError: no call is ever made", () =>
    Effect.gen(function*() {
      const built = yield* Layer.build(BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))).pipe(
        Effect.scoped,
        Effect.withConfigProvider(ConfigProvider.fromMap(new Map([[KEY, "k"], [PASSPHRASE, "p"]]))),
        Effect.flip
      )
      expect([built._tag, built._op]).toEqual(["ConfigError", "MissingData"])
      expect(String(built)).toContain(SECRET)
    }))
})

describe("BitgetConfig values (issue 25, the defaults and each value read)", () => {
  it("make: every default, and every option taken as given", () => {
    const defaults = BitgetConfig.make()
    expect({ ...defaults, timeout: Duration.toMillis(defaults.timeout) }).toEqual({
      baseUrl: "https://api.bitget.com",
      credentials: Option.none(),
      demo: false,
      locale: "en-US",
      limiter: "delay",
      timeout: 10_000,
      maxResponseBytes: 32 * 1024 * 1024,
      metrics: false
    })
    const credentials = { apiKey: Redacted.make("k"), secret: Redacted.make("s"), passphrase: Redacted.make("p") }
    const given = BitgetConfig.make({
      baseUrl: "http://127.0.0.1:9000///",
      credentials,
      demo: true,
      locale: "zh-CN",
      limiter: "fail",
      timeout: "750 millis",
      maxResponseBytes: 1234,
      metrics: true
    })
    expect({ ...given, timeout: Duration.toMillis(given.timeout) }).toEqual({
      baseUrl: "http://127.0.0.1:9000",
      credentials: Option.some(credentials),
      demo: true,
      locale: "zh-CN",
      limiter: "fail",
      timeout: 750,
      maxResponseBytes: 1234,
      metrics: true
    })
    // Only trailing slashes go: a path's own slashes stay.
    expect(BitgetConfig.make({ baseUrl: "http://h:1/a/b/" }).baseUrl).toBe("http://h:1/a/b")
    expect(BitgetConfig.make({ baseUrl: "http://h:1" }).baseUrl).toBe("http://h:1")
  })

  it.effect("the environment: every default, and every value read", () =>
    Effect.gen(function*() {
      const defaults = yield* read({})
      expect(defaults._tag === "Right" && { ...defaults.right, timeout: Duration.toMillis(defaults.right.timeout) })
        .toEqual({
          baseUrl: "https://api.bitget.com",
          credentials: Option.none(),
          demo: false,
          locale: "en-US",
          limiter: "delay",
          timeout: 10_000,
          maxResponseBytes: 32 * 1024 * 1024,
          metrics: false
        })
      const set = yield* read({
        BITGET_BASE_URL: "https://example.test//",
        BITGET_DEMO: "true",
        BITGET_LOCALE: "zh-CN",
        BITGET_LIMITER: "fail",
        BITGET_TIMEOUT: "800 millis",
        BITGET_MAX_RESPONSE_BYTES: "4096",
        BITGET_METRICS: "true"
      })
      expect(set._tag === "Right" && { ...set.right, timeout: Duration.toMillis(set.right.timeout) }).toEqual({
        baseUrl: "https://example.test",
        credentials: Option.none(),
        demo: true,
        locale: "zh-CN",
        limiter: "fail",
        timeout: 800,
        maxResponseBytes: 4096,
        metrics: true
      })
    }))

  it.effect("a bad base URL is quoted, cut at 100 characters; only http: and https: with a host pass", () =>
    Effect.gen(function*() {
      const long = "x".repeat(150)
      const result = yield* read({ BITGET_BASE_URL: long })
      expect(result._tag === "Left" && result.left).toContain(
        `expected an http(s) URL such as https://api.bitget.com, got "${"x".repeat(100)}"`
      )
      expect(result._tag === "Left" && result.left).not.toContain("x".repeat(101))
      // `http:h` and `https:/h` parse as URLs (the parser adds the slashes) but are not the documented form.
      for (
        const bad of [
          "file:///etc/passwd",
          "mailto:a@b.c",
          "ws://api.bitget.com",
          "http:",
          "http:h:1",
          "https:/h",
          // The parser reads these as `http(s)://h`; the transport would find no host after the `//`.
          "http:///h",
          "https:////h:1",
          "http://\\h",
          "https:\\\\h"
        ]
      ) {
        const refused = yield* read({ BITGET_BASE_URL: bad })
        expect([bad, refused._tag]).toEqual([bad, "Left"])
      }
      for (const good of ["http://h", "https://h:1", "HTTPS://h"]) {
        const taken = yield* read({ BITGET_BASE_URL: good })
        expect([good, taken._tag === "Right" && taken.right.baseUrl]).toEqual([good, good])
      }
    }))

  it.effect("the three credentials together, each from its own variable", () =>
    Effect.gen(function*() {
      const three = yield* read({ [KEY]: "key-1", [SECRET]: "secret-2", [PASSPHRASE]: "pass-3" })
      const credentials = three._tag === "Right" ? Option.getOrThrow(three.right.credentials) : undefined
      expect([credentials!.apiKey, credentials!.secret, credentials!.passphrase].map(Redacted.value)).toEqual([
        "key-1",
        "secret-2",
        "pass-3"
      ])
      // The error's path is the first variable missing (what a config report points at).
      const partial = yield* BitgetConfig.config.pipe(
        Effect.withConfigProvider(ConfigProvider.fromMap(new Map([[KEY, "k"]]))),
        Effect.flip
      )
      expect(partial._op === "MissingData" && partial.path).toEqual([SECRET])
      const one = yield* read({ [PASSPHRASE]: "p" })
      expect(one._tag === "Left" && one.left).toContain(
        `${KEY} and ${SECRET} are missing while ${PASSPHRASE} is set: set all three, or none (public endpoints only)`
      )
    }))
})
