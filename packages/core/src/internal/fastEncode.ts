/**
 * A faster encoder for requests, compiled once per request schema from its AST: the mirror of
 * `fastDecode` for the other direction. Effect's encoder builds an error tree's worth of
 * bookkeeping per field (≈ 10 µs for a V3 order of six fields, a quarter of a placement's own
 * CPU, FINDINGS §15); this walks the same nodes with plain functions, exactly as Effect's
 * encoder does (a refinement checks its type side, then encodes what it refines; a
 * transformation encodes its type side, applies its `encode`, then encodes its encoded side; a
 * struct refuses any key it does not declare and answers its fields in declaration order).
 * It only ever says "valid, here is the wire value" or "not sure": on the latter the caller
 * encodes with Effect's encoder, which then also produces the error. A schema with a node it
 * does not know gets no fast encoder at all. A test checks both agree on every declared
 * endpoint's generated requests, and on corrupted ones.
 */
import * as Either from "effect/Either"
import * as Exit from "effect/Exit"
import type * as ParseResult from "effect/ParseResult"
import * as AST from "effect/SchemaAST"
import * as FastDecode from "./fastDecode.js"

const FAIL = FastDecode.FAIL

export type Encoder = (input: unknown) => unknown

/** The options the client encodes requests with (the filters and declarations see them). */
const options: AST.ParseOptions = { errors: "all", onExcessProperty: "error" }

const fromResult = (result: unknown): unknown =>
  Either.isEither(result)
    ? (Either.isRight(result) ? result.right : FAIL)
    : Exit.isExit(result)
    ? (Exit.isSuccess(result) ? result.value : FAIL)
    : FAIL

const dropRightRefinement = (ast: AST.AST): AST.AST => AST.isRefinement(ast) ? dropRightRefinement(ast.from) : ast

const hasOwn = Object.prototype.hasOwnProperty

/** Thrown while building: the schema has a node this encoder leaves to Effect. */
class Unsupported {}

const cache = new WeakMap<AST.AST, Encoder | null>()

/** The fast encoder of a request schema's AST, or `undefined` when Effect's encoder must do it all. */
export const compile = (ast: AST.AST): Encoder | undefined => {
  const cached = cache.get(ast)
  if (cached !== undefined) return cached ?? undefined
  let built: Encoder | null
  try {
    built = build(ast)
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error
    built = null
  }
  cache.set(ast, built)
  return built ?? undefined
}

const build = (ast: AST.AST): Encoder => {
  switch (ast._tag) {
    case "StringKeyword":
      return (input) => typeof input === "string" ? input : FAIL
    case "NumberKeyword":
      return (input) => typeof input === "number" ? input : FAIL
    case "BooleanKeyword":
      return (input) => typeof input === "boolean" ? input : FAIL
    case "UndefinedKeyword":
      return (input) => input === undefined ? input : FAIL
    case "UnknownKeyword":
    case "AnyKeyword":
    case "VoidKeyword":
      return (input) => input
    case "Literal": {
      const literal = ast.literal
      return (input) => input === literal ? input : FAIL
    }
    case "Declaration": {
      const encode = ast.encodeUnknown(...ast.typeParameters)
      return (input) => fromResult(encode(input, options, ast))
    }
    case "Union": {
      // Members in order, the first that encodes wins (the test checks Effect's choice agrees).
      const members = ast.types.map(build)
      return (input) => {
        for (const member of members) {
          const out = member(input)
          if (out !== FAIL) return out
        }
        return FAIL
      }
    }
    case "Refinement": {
      // Effect: decode the type side (its filter included), then encode the refined schema's
      // own encoded side. The input is encoded (not the decoded copy): they are equal, and only
      // the input's keys say whether it carries one the struct does not declare.
      const check = FastDecode.compile(AST.typeAST(ast))
      const inner = build(dropRightRefinement(ast.from))
      return (input) => check(input) === FAIL ? FAIL : inner(input)
    }
    case "Transformation": {
      const to = build(ast.to)
      const from = build(ast.from)
      const transformation = ast.transformation
      if (transformation._tag === "ComposeTransformation") {
        return (input) => {
          const a = to(input)
          // Without the test, `from(FAIL)` is FAIL too (every built function refuses the symbol): kept
          // to skip the call.
          // Stryker disable next-line ConditionalExpression: equivalent (above)
          return a === FAIL ? FAIL : from(a)
        }
      }
      if (transformation._tag !== "FinalTransformation") throw new Unsupported()
      return (input) => {
        const a = to(input)
        if (a === FAIL) return FAIL
        const b = fromResult(transformation.encode(a, options, ast, input))
        return b === FAIL ? FAIL : from(b)
      }
    }
    case "TypeLiteral":
      return struct(ast)
    case "TupleType": {
      if (ast.rest.length > 1) throw new Unsupported()
      const elements = ast.elements.map((e) => ({ optional: e.isOptional, run: build(e.type) }))
      return FastDecode.tuple(elements, ast.rest.length === 1 ? build(ast.rest[0]!.type) : undefined)
    }
    case "Suspend": {
      let inner: Encoder | undefined
      return (input) => (inner ??= build(ast.f()))(input)
    }
    default:
      throw new Unsupported()
  }
}

/**
 * A struct: a plain object whose own keys are all declared (the client refuses any other), its
 * fields encoded in declaration order (the order of a JSON body's keys, as Effect answers them).
 */
const struct = (ast: AST.TypeLiteral): Encoder => {
  if (ast.indexSignatures.length > 0) throw new Unsupported()
  // `Struct({})` (`Endpoint.NoParams`): Effect lets any non-null value through unchanged.
  if (ast.propertySignatures.length === 0) return (input) => input === null || input === undefined ? FAIL : input
  const fields = ast.propertySignatures.map((p) => {
    if (typeof p.name !== "string") throw new Unsupported()
    return { name: p.name, optional: p.isOptional, encode: build(p.type) }
  })
  const declared = new Set(fields.map((field) => field.name))
  return (input) => {
    if (typeof input !== "object" || input === null || Object.getPrototypeOf(input) !== Object.prototype) return FAIL
    for (const key of Reflect.ownKeys(input)) if (typeof key !== "string" || !declared.has(key)) return FAIL
    const out: Record<string, unknown> = {}
    for (const field of fields) {
      const present = hasOwn.call(input, field.name)
      // A missing optional field is left out; a missing required one is encoded as `undefined`
      // (Effect does the same: a schema that takes `undefined` accepts it).
      if (!present && field.optional) continue
      const value = field.encode((input as Record<string, unknown>)[field.name])
      if (value === FAIL) return FAIL
      out[field.name] = value
    }
    return out
  }
}

/** Encodes with the fast path, falling back to Effect's encoder (and its error) when unsure. */
export const encoder = <E>(
  ast: AST.AST,
  full: (input: unknown) => Either.Either<E, ParseResult.ParseError>
): (input: unknown) => Either.Either<E, ParseResult.ParseError> => {
  const fast = compile(ast)
  if (fast === undefined) return full
  return (input) => {
    let out: unknown
    try {
      out = fast(input)
    } catch {
      // A getter that throws, a filter that throws: Effect's encoder reports (or throws) it.
      out = FAIL
    }
    return out === FAIL ? full(input) : Either.right(out as E)
  }
}
