/**
 * `Lazy`'s proxy at each trap (lazy.test.ts shows declarations behaving as their values): every
 * operation reaches the built value, the value's own accessors and constructors see the value
 * (not the proxy), and the proxy keeps JavaScript's invariants (a function target's fixed
 * `prototype`, a frozen value's fixed properties) so reflecting on a lazy value never throws.
 */
import * as Lazy from "@effect-bitget/core/Lazy"
import { describe, expect, it } from "@effect/vitest"

/** A value whose getter answers its receiver and whose setter stores it: who `this` is, seen from outside. */
const receiverProbe = () => ({
  stored: undefined as unknown,
  get self(): unknown {
    return this
  },
  set mark(_: unknown) {
    this.stored = this
  }
})

describe("the traps reach the built value", () => {
  it("set, delete, define and the prototype act on the value", () => {
    const lazy = Lazy.value((): Record<string, unknown> => ({ a: 1, b: 2 }))
    lazy.c = 3
    delete lazy.a
    Object.defineProperty(lazy, "d", { value: 4, enumerable: true, configurable: true, writable: true })
    expect(Lazy.unwrap(lazy)).toEqual({ b: 2, c: 3, d: 4 })
    const proto = { greet: () => "hi" }
    Object.setPrototypeOf(lazy, proto)
    expect(Object.getPrototypeOf(Lazy.unwrap(lazy))).toBe(proto)
    expect((lazy as any).greet()).toBe("hi")
  })

  it("a lazy function is called as itself, with its arguments", () => {
    const add = Lazy.schema(() => (a: number, b: number) => a + b)
    expect(add(2, 3)).toBe(5)
  })

  it("the value's getters and setters see the value itself, and a constructor its own new.target", () => {
    const value = receiverProbe()
    const lazy = Lazy.value(() => value)
    expect(lazy.self).toBe(value)
    lazy.mark = 1
    expect(value.stored).toBe(value)
    class Made {
      readonly target: unknown
      constructor() {
        this.target = new.target
      }
    }
    const LazyMade = Lazy.schema(() => Made)
    expect(new LazyMade().target).toBe(Made)
    class Sub extends LazyMade {}
    expect(new Sub().target).toBe(Sub)
  })

  it("an object or a class inheriting from a lazy value is the receiver of the value's getters, setters and sets", () => {
    const value = receiverProbe()
    const child = Object.create(Lazy.value(() => value)) as typeof value & { plain?: number }
    // The getter runs with the inheriting object as `this`, as it would without the proxy between.
    expect(child.self).toBe(child)
    // The setter too: what it stores lands on the inheriting object, and the value is untouched.
    child.mark = 1
    expect([Object.hasOwn(child, "stored"), child.stored, value.stored]).toEqual([true, child, undefined])
    child.plain = 2
    expect([Object.hasOwn(child, "plain"), "plain" in value]).toEqual([true, false])
    // A class extending a lazy schema (Effect's schema classes are extended so) reads its static getters as itself.
    class Base {
      static get who(): unknown {
        return this
      }
    }
    class Sub extends Lazy.schema(() => Base) {}
    expect(Sub.who).toBe(Sub)
  })
})

describe("the proxy keeps JavaScript's invariants", () => {
  it("own keys: a lazy schema adds its function target's fixed `prototype`; a lazy value adds nothing", () => {
    expect(Reflect.ownKeys(Lazy.schema(() => ({ a: 1 })))).toEqual(["a", "prototype"])
    expect(Reflect.ownKeys(Lazy.value(() => ({ a: 1 })))).toEqual(["a"])
    class Point {}
    const keys = Reflect.ownKeys(Lazy.schema(() => Point))
    expect(keys.filter((key) => key === "prototype")).toHaveLength(1)
  })

  it("descriptors: the target's fixed ones where the value has none; the proxy's own bookkeeping never", () => {
    const lazy = Lazy.schema(() => ({ a: 1 }))
    expect(Object.getOwnPropertyDescriptor(lazy, "prototype")?.configurable).toBe(false)
    expect(Object.getOwnPropertyDescriptor(lazy, Symbol.for("nodejs.util.inspect.custom"))).toBeUndefined()
    expect(Object.getOwnPropertyDescriptor(lazy, Symbol.for("@effect-bitget/core/Lazy/cell"))).toBeUndefined()
    expect(Object.getOwnPropertyDescriptor(lazy, "missing")).toBeUndefined()
    expect(Object.getOwnPropertyDescriptor(lazy, "a")).toEqual({
      value: 1,
      writable: true,
      enumerable: true,
      configurable: true
    })
  })

  it("a frozen value's fixed properties are reported as they are, without a TypeError", () => {
    const lazy = Lazy.value(() => Object.freeze({ a: 1 }))
    expect(Object.getOwnPropertyDescriptor(lazy, "a")).toEqual({
      value: 1,
      writable: false,
      enumerable: true,
      configurable: false
    })
    expect(Object.keys(lazy)).toEqual(["a"])
  })
})

describe("unwrap and isPending", () => {
  it("take any value: what is not lazy is itself and never pending", () => {
    for (const plain of [null, undefined, 5, "x", { a: 1 }, () => 1]) {
      expect(Lazy.unwrap(plain)).toBe(plain)
      expect(Lazy.isPending(plain)).toBe(false)
    }
    const lazy = Lazy.value(() => ({ a: 1 }))
    expect(Lazy.isPending(lazy)).toBe(true)
    const built = Lazy.unwrap(lazy)
    expect(Lazy.isPending(lazy)).toBe(false)
    expect(Lazy.unwrap(lazy)).toBe(built)
  })
})
