/**
 * A faster decoder for response data, compiled once per schema from its AST. Effect's parser
 * is general (error trees, async, every option); on a 100-row body its per-field bookkeeping
 * costs several times `JSON.parse`. This walks the same AST with plain functions for the nodes
 * responses use (structs, arrays, unions, literals, refinements, transformations, declarations)
 * and hands any other node to Effect's parser. It only ever says "valid, here is the value" or
 * "not sure": on the latter the caller decodes with Effect's parser, which then also produces
 * the error. A test checks both agree on every declared endpoint's generated data.
 */
import * as Either from "effect/Either"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"

/** Returned when the fast path cannot vouch for the input. */
export const FAIL: unique symbol = Symbol.for("@effect-bitget/core/fastDecode/FAIL") as any

export type Decoder = (input: unknown) => unknown

const options = AST.defaultParseOption

// Declarations answer an Either (`ParseResult.succeed`) or an Effect; `Effect.succeed`/`fail`
// are already Exits and can be read at once. Anything else needs the real parser.
const fromResult = (result: unknown): unknown =>
  Either.isEither(result)
    ? (Either.isRight(result) ? result.right : FAIL)
    : Exit.isExit(result)
    ? (Exit.isSuccess(result) ? result.value : FAIL)
    : FAIL

const slow = (ast: AST.AST): Decoder => {
  const decode = ParseResult.decodeUnknownEither(Schema.make(ast))
  return (input) => fromResult(decode(input))
}

const hasOwn = Object.prototype.hasOwnProperty

const cache = new WeakMap<AST.AST, Decoder>()

/** The fast decoder of a schema's AST. */
export const compile = (ast: AST.AST): Decoder => {
  const cached = cache.get(ast)
  if (cached !== undefined) return cached
  // Recursive schemas: a forwarding stub until the real decoder is built.
  const slot: { decode?: Decoder } = {}
  cache.set(ast, (input) => slot.decode!(input))
  const built = build(ast)
  slot.decode = built
  cache.set(ast, built)
  return built
}

const build = (ast: AST.AST): Decoder => {
  switch (ast._tag) {
    case "StringKeyword":
      return (input) => typeof input === "string" ? input : FAIL
    case "NumberKeyword":
      return (input) => typeof input === "number" ? input : FAIL
    case "BooleanKeyword":
      return (input) => typeof input === "boolean" ? input : FAIL
    case "UndefinedKeyword":
    case "VoidKeyword":
      return (input) => input === undefined ? input : FAIL
    case "UnknownKeyword":
    case "AnyKeyword":
      return (input) => input
    case "Literal": {
      const literal = ast.literal
      return (input) => input === literal ? input : FAIL
    }
    case "Declaration": {
      const parse = ast.decodeUnknown(...ast.typeParameters)
      return (input) => fromResult(parse(input, options, ast))
    }
    case "Union": {
      const members = ast.types.map(compile)
      return (input) => {
        for (const member of members) {
          const out = member(input)
          if (out !== FAIL) return out
        }
        return FAIL
      }
    }
    case "TypeLiteral": {
      if (ast.indexSignatures.length > 0) return slow(ast)
      const properties = ast.propertySignatures.map((p) => ({
        name: p.name,
        optional: p.isOptional,
        decode: compile(p.type)
      }))
      return (input) => {
        if (typeof input !== "object" || input === null) return FAIL
        const out: Record<PropertyKey, unknown> = {}
        for (const property of properties) {
          if (hasOwn.call(input, property.name)) {
            const value = property.decode((input as any)[property.name])
            if (value === FAIL) return FAIL
            out[property.name] = value
          } else if (!property.optional) {
            return FAIL
          }
        }
        return out
      }
    }
    case "TupleType": {
      if (ast.rest.length > 1) return slow(ast)
      const elements = ast.elements.map((e) => ({ optional: e.isOptional, decode: compile(e.type) }))
      const rest = ast.rest.length === 1 ? compile(ast.rest[0]!.type) : undefined
      return (input) => {
        if (!Array.isArray(input)) return FAIL
        if (rest === undefined && input.length > elements.length) return FAIL
        const out: Array<unknown> = []
        for (let i = 0; i < elements.length; i++) {
          if (i >= input.length) {
            if (elements[i]!.optional) break
            return FAIL
          }
          const value = elements[i]!.decode(input[i])
          if (value === FAIL) return FAIL
          out.push(value)
        }
        if (rest !== undefined) {
          for (let i = elements.length; i < input.length; i++) {
            const value = rest(input[i])
            if (value === FAIL) return FAIL
            out.push(value)
          }
        }
        return out
      }
    }
    case "Refinement": {
      const from = compile(ast.from)
      return (input) => {
        const value = from(input)
        return value === FAIL || Option.isSome(ast.filter(value, options, ast)) ? FAIL : value
      }
    }
    case "Suspend":
      return (input) => compile(ast.f())(input)
    case "Transformation": {
      const from = compile(ast.from)
      const to = compile(ast.to)
      const transformation = ast.transformation
      switch (transformation._tag) {
        case "FinalTransformation": {
          // Schema.Class rows: `new Class(props, true)` re-checks every field for a default on
          // each row. When the class has no defaults, an instance is its prototype plus the
          // props; that is learned from the first instance and checked against it.
          let construct: ((props: object) => object) | undefined
          let learned = false
          return (input) => {
            const a = from(input)
            if (a === FAIL) return FAIL
            if (construct !== undefined) return to(construct(a as object))
            const b = fromResult(transformation.decode(a, options, ast, input))
            if (b === FAIL) return FAIL
            if (!learned) {
              learned = true
              construct = classConstructor(a, b)
            }
            return to(b)
          }
        }
        case "ComposeTransformation":
          return (input) => {
            const a = from(input)
            return a === FAIL ? FAIL : to(a)
          }
        case "TypeLiteralTransformation": {
          const steps = transformation.propertySignatureTransformations
          const moved = new Set<PropertyKey>(steps.map((step) => step.from))
          return (input) => {
            const a = from(input) as Record<PropertyKey, unknown> | typeof FAIL
            if (a === FAIL) return FAIL
            // A new object rather than `delete` on a copy: deleting keys turns objects into
            // slow dictionaries, and every row of a list goes through here.
            const out: Record<PropertyKey, unknown> = {}
            for (const key in a) if (!moved.has(key)) out[key] = a[key]
            for (const step of steps) {
              const o = step.decode(hasOwn.call(a, step.from) ? Option.some(a[step.from]) : Option.none())
              if (Option.isSome(o)) out[step.to] = o.value
            }
            return to(out)
          }
        }
      }
      return slow(ast)
    }
    default:
      return slow(ast)
  }
}

/** A cheap constructor equivalent to the one that built `instance` from `props`, when there is one. */
const classConstructor = (props: unknown, instance: unknown): ((props: object) => object) | undefined => {
  if (typeof props !== "object" || props === null || typeof instance !== "object" || instance === null) return undefined
  const proto = Object.getPrototypeOf(instance)
  const fields = (proto?.constructor as { fields?: Record<PropertyKey, unknown> } | undefined)?.fields
  if (fields === undefined || Object.getPrototypeOf(proto) === Object.prototype) return undefined
  for (const key of Reflect.ownKeys(fields)) {
    const field = fields[key]
    if (Schema.isPropertySignature(field)) {
      const signature = field.ast
      const defaultValue = signature._tag === "PropertySignatureDeclaration"
        ? signature.defaultValue
        : signature.to.defaultValue
      if (defaultValue !== undefined) return undefined
    }
  }
  const make = (p: object) => Object.assign(Object.create(proto), p)
  const copy = make(props)
  const keys = Reflect.ownKeys(instance)
  const same = keys.length === Reflect.ownKeys(copy).length &&
    keys.every((key) => (copy as any)[key] === (instance as any)[key])
  return same ? make : undefined
}

/** Decodes with the fast path, falling back to Effect's parser (and its error) when unsure. */
export const decoder = <A, I>(
  schema: Schema.Schema<A, I>
): (input: unknown) => Either.Either<A, ParseResult.ParseError> => {
  const fast = compile(schema.ast)
  const full = Schema.decodeUnknownEither(schema)
  return (input) => {
    const out = fast(input)
    return out === FAIL ? full(input) : Either.right(out as A)
  }
}
