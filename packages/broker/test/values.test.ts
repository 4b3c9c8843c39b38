/** The value rules as properties: each schema accepts exactly what its rule says, for any input. */
import { Schemas } from "@effect-bitget/broker"
import { describe, expect, it } from "@effect/vitest"
import * as Either from "effect/Either"
import * as fc from "effect/FastCheck"
import * as Schema from "effect/Schema"

const accepts = <A, I>(schema: Schema.Schema<A, I>) => {
  const decode = Schema.decodeUnknownEither(schema)
  return (value: unknown) => Either.isRight(decode(value))
}

const alnum = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".split(""))

describe("broker values", () => {
  it("label: 1 to 20 characters", () => {
    const ok = accepts(Schemas.Label)
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (s) => ok(s) === (s.length >= 1 && s.length <= 20)))
  })

  it("virtual sub-account name: exactly 8 English letters", () => {
    const ok = accepts(Schemas.VirtualName)
    fc.assert(
      fc.property(
        fc.array(alnum, { maxLength: 12 }).map((c) => c.join("")),
        (s) => ok(s) === (s.length === 8 && /^[A-Za-z]+$/.test(s))
      )
    )
  })

  it("passphrases: 8 to 32 letters and digits (virtual), 6 to 32 characters of any kind (broker)", () => {
    const virtual = accepts(Schemas.Passphrase)
    const broker = accepts(Schemas.BrokerPassphrase)
    fc.assert(
      fc.property(
        fc.array(alnum, { maxLength: 40 }).map((c) => c.join("")),
        (s) => virtual(s) === (s.length >= 8 && s.length <= 32)
      )
    )
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (s) => broker(s) === (s.length >= 6 && s.length <= 32)))
    expect(virtual("abcd123!")).toBe(false)
    expect(broker("abc!12")).toBe(true)
  })

  it("IPv4 addresses: four octets of 0 to 255", () => {
    const ok = accepts(Schemas.Ip)
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 4, maxLength: 4 }),
        (octets) => ok(octets.join(".")) === octets.every((o) => o <= 255)
      )
    )
    expect(ok("10.0.0")).toBe(false)
    // Each alternative of an octet at its edges, in the first and in a later octet (the random
    // octets above reach 100-255 but not surely every alternative's edge).
    for (const ip of ["100.199.200.249", "249.200.199.100", "255.250.10.9", "9.10.250.255", "0.0.0.0"]) {
      expect([ip, ok(ip)]).toEqual([ip, true])
    }
    for (const ip of ["256.1.1.1", "1.1.1.256", "260.1.1.1", "1.1.1.260", "1.1.1.01", "1.1.1.1.1", "a.1.1.1"]) {
      expect([ip, ok(ip)]).toEqual([ip, false])
    }
  })

  it("IPv6 addresses: eight hex groups, :: once, an IPv4 tail", () => {
    const ok = accepts(Schemas.Ip)
    for (
      const ip of [
        "::1",
        "::",
        "2001:db8::1",
        "1:2:3:4:5:6:7:8",
        "fe80::1:2:3:4:5:6",
        "::ffff:10.0.0.1",
        "ABCD::ef",
        // An IPv4 tail after six groups: the tail stands for the last two.
        "1:2:3:4:5:6:1.2.3.4",
        "64:ff9b::10.0.0.1"
      ]
    ) {
      expect([ip, ok(ip)]).toEqual([ip, true])
    }
    for (
      const ip of [
        ":",
        ":::",
        "1:2:3:4:5:6:7",
        "1:2:3:4:5:6:7:8:9",
        "1::2::3",
        "12345::1",
        "g::1",
        "1:2:3:4:5:6:7::8",
        "::1:",
        // Eight groups in all but two "::": refused by the count of halves alone.
        "1:2::3:4::5:6:7:8",
        // Six groups and a tail are eight: "::" must stand for at least one more.
        "1:2:3:4:5:6::1.2.3.4",
        // A tail needs six groups before it without "::".
        "1:2:3:4:5:1.2.3.4",
        "1:2:3:4:5:6:7:1.2.3.4"
      ]
    ) {
      expect([ip, ok(ip)]).toEqual([ip, false])
    }
  })

  it("IP lists: at most 30", () => {
    const ok = accepts(Schemas.IpList)
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        (n) => ok(Array.from({ length: n }, (_, i) => `10.0.0.${i}`)) === (n <= 30)
      )
    )
  })
})
