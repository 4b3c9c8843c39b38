/**
 * Declarations built on first use. A line declares hundreds of schemas and endpoints; building
 * them all when the package is imported cost `@effect-bitget/unified` ≈ 130 ms of CPU, four times
 * what loading its files costs (issue 23, point 10; packages/bench/FINDINGS.md §19).
 * `Lazy.schema(() => Schema.Struct({ … }))` has the type of what its thunk returns and behaves as
 * that value (property reads, `in`, calls, `new`, `extends`, spreads, `Object.keys`, `instanceof`,
 * `console.log`) but runs the thunk at the first touch, once. Passing it around (into a struct's
 * fields, an endpoint's options, an array) touches nothing, so a declaration built from lazy parts
 * is itself cheap until something reads it. `Operation.make` of a lazy endpoint is lazy too.
 */

const cell: unique symbol = Symbol.for("@effect-bitget/core/Lazy/cell")
const inspect = Symbol.for("nodejs.util.inspect.custom")

interface Cell {
  value: object | undefined
  build: (() => object) | undefined
  proxy: object
}

interface Target {
  [cell]: Cell
}

let builds = 0

const force = (target: Target): object => {
  const self = target[cell]
  if (self.value !== undefined) return self.value
  const build = self.build
  if (build === undefined) throw new Error("Lazy: a declaration's thunk reads the declaration itself")
  self.build = undefined
  builds++
  self.value = build()
  return self.value
}

const handler: ProxyHandler<Target> = {
  get: (target, key, receiver) => {
    const value = force(target)
    return Reflect.get(value, key, receiver === target[cell].proxy ? value : receiver)
  },
  set: (target, key, next, receiver) => {
    const value = force(target)
    return Reflect.set(value, key, next, receiver === target[cell].proxy ? value : receiver)
  },
  has: (target, key) => Reflect.has(force(target), key),
  deleteProperty: (target, key) => Reflect.deleteProperty(force(target), key),
  defineProperty: (target, key, descriptor) => Reflect.defineProperty(force(target), key, descriptor),
  ownKeys: (target) => {
    const keys = Reflect.ownKeys(force(target))
    // A proxy must list its target's fixed keys: a function target's `prototype`.
    return typeof target === "function" && !keys.includes("prototype") ? [...keys, "prototype"] : keys
  },
  getOwnPropertyDescriptor: (target, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(force(target), key)
    if (descriptor === undefined) {
      const own = Reflect.getOwnPropertyDescriptor(target, key)
      return own !== undefined && own.configurable === false ? own : undefined
    }
    // A fixed property is reported only if the target has it fixed alike.
    if (descriptor.configurable === false) Reflect.defineProperty(target, key, descriptor)
    return descriptor
  },
  getPrototypeOf: (target) => Reflect.getPrototypeOf(force(target)),
  setPrototypeOf: (target, prototype) => Reflect.setPrototypeOf(force(target), prototype),
  apply: (target, self, args) => Reflect.apply(force(target) as (...args: Array<unknown>) => unknown, self, args),
  construct: (target, args, newTarget) => {
    const value = force(target) as new(...args: Array<unknown>) => object
    return Reflect.construct(value, args, newTarget === target[cell].proxy ? value : newTarget)
  }
}

const make = <A extends object>(target: Target, build: () => A): A => {
  const self: Cell = { value: undefined, build, proxy: target }
  Object.defineProperty(target, cell, { value: self, configurable: true })
  // `console.log` and `util.inspect` show a proxy's target without asking it: show the value.
  Object.defineProperty(target, inspect, {
    value: (_depth: number, options: object, show: (value: unknown, options: object) => string) =>
      show(force(target), options),
    configurable: true
  })
  const proxy = new Proxy(target, handler)
  self.proxy = proxy
  lazies.set(proxy, target)
  return proxy as unknown as A
}

/** A callable value (a schema: Effect's schemas are classes) built at its first use. */
export const schema = <A extends object>(build: () => A): A => make(function() {} as unknown as Target, build)

/** A plain object (an endpoint, a record of fields, a property signature) built at its first use. */
export const value = <A extends object>(build: () => A): A => make({} as Target, build)

const lazies = new WeakMap<object, Target>()

/** The value itself, built if it was not yet and no longer behind a proxy; any other value as it is. */
export const unwrap = <A>(self: A): A => {
  const target = (typeof self === "object" || typeof self === "function") && self !== null
    ? lazies.get(self)
    : undefined
  return target === undefined ? self : force(target) as A
}

/** Whether `self` is a lazy value not built yet; touches nothing. */
export const isPending = (self: unknown): boolean => {
  const target = (typeof self === "object" || typeof self === "function") && self !== null
    ? lazies.get(self)
    : undefined
  return target !== undefined && target[cell].value === undefined
}

/** How many lazy values this process has built (a test's import budget: none right after an import). */
export const built = (): number => builds
