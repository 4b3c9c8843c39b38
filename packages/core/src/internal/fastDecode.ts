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
import { dropBlank } from "../Absent.js"

/** Returned when the fast path cannot vouch for the input. */
export const FAIL: unique symbol = Symbol.for("@effect-bitget/core/fastDecode/FAIL") as any

/**
 * Annotation of a `Schema.declare`: its decode as a plain function answering the value, or
 * `undefined` where the declaration fails. The fast path then calls it directly instead of the
 * declaration's parser (no `Either` per value). It must be the same function the declaration's
 * decode uses, so the two cannot disagree (see Decimal, Timestamp, Flag).
 */
export const FastDeclaration: unique symbol = Symbol.for("@effect-bitget/core/fastDecode/FastDeclaration") as any

export type Decoder = (input: unknown) => unknown

/**
 * A tuple's elements (then its rest) each through its own function, in order; `FAIL` if the input
 * is not an array, is too long without a rest, misses a required element, or an element fails.
 * Shared by the fast decoder and the fast encoder (`fastEncode.ts`).
 */
export const tuple = (
  elements: ReadonlyArray<{ readonly optional: boolean; readonly run: (input: unknown) => unknown }>,
  rest: ((input: unknown) => unknown) | undefined
) =>
(input: unknown): unknown => {
  if (!Array.isArray(input)) return FAIL
  if (rest === undefined && input.length > elements.length) return FAIL
  const out: Array<unknown> = []
  for (let i = 0; i < elements.length; i++) {
    if (i >= input.length) {
      if (elements[i]!.optional) break
      return FAIL
    }
    const value = elements[i]!.run(input[i])
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

const options = AST.defaultParseOption

// Declarations answer an Either (`ParseResult.succeed`) or an Effect; `Effect.succeed`/`fail`
// are already Exits and can be read at once. Anything else needs the real parser.
const fromResult = (result: unknown): unknown =>
  Either.isEither(result)
    ? (Either.isRight(result) ? result.right : FAIL)
    : Exit.isExit(result)
    ? (Exit.isSuccess(result) ? result.value : FAIL)
    : FAIL

/**
 * Whether Effect's parser files a union member under a tag (`getLiterals` in effect/ParseResult: a
 * required field or element whose encoded type is a literal, seen through refinements,
 * transformations' encoded side, suspensions and surrogates).
 */
const tagged = (ast: AST.AST): boolean => {
  switch (ast._tag) {
    case "TypeLiteral":
      return ast.propertySignatures.some((p) => !p.isOptional && AST.isLiteral(AST.encodedAST(p.type)))
    case "TupleType":
      return ast.elements.some((e) => !e.isOptional && AST.isLiteral(AST.encodedAST(e.type)))
    case "Refinement":
    case "Transformation":
      return tagged(ast.from)
    case "Suspend":
      return tagged(ast.f())
    case "Declaration":
      return Option.exists(AST.getSurrogateAnnotation(ast), tagged)
    default:
      return false
  }
}

const slow = (ast: AST.AST): Decoder => {
  const decode = ParseResult.decodeUnknownEither(Schema.make(ast))
  return (input) => fromResult(decode(input))
}

const hasOwn = Object.prototype.hasOwnProperty

/** `generate`: structs as generated code (the default), or as a loop over their fields. */
interface Mode {
  readonly generate: boolean
  readonly cache: WeakMap<AST.AST, Decoder>
}
const generating: Mode = { generate: true, cache: new WeakMap() }
const looping: Mode = { generate: false, cache: new WeakMap() }

/** The fast decoder of a schema's AST. */
export const compile = (ast: AST.AST): Decoder => compileIn(ast, generating)

/** The same without generated code (what runs where `new Function` is refused); for tests. */
export const compileLooped = (ast: AST.AST): Decoder => compileIn(ast, looping)

const compileIn = (ast: AST.AST, mode: Mode): Decoder => {
  const cache = mode.cache
  const cached = cache.get(ast)
  if (cached !== undefined) return cached
  // Recursive schemas: a forwarding stub until the real decoder is built. (A `Suspend` compiles its
  // schema when it decodes, after the build: no test reaches the stub, so its mutant is equivalent.)
  const slot: { decode?: Decoder } = {}
  // Stryker disable next-line ArrowFunction: equivalent (above)
  cache.set(ast, (input) => slot.decode!(input))
  const built = build(ast, mode)
  slot.decode = built
  cache.set(ast, built)
  return built
}

const build = (ast: AST.AST, mode: Mode): Decoder => {
  const compile = (ast: AST.AST) => compileIn(ast, mode)
  switch (ast._tag) {
    case "StringKeyword":
      return (input) => typeof input === "string" ? input : FAIL
    case "NumberKeyword":
      return (input) => typeof input === "number" ? input : FAIL
    case "BooleanKeyword":
      return (input) => typeof input === "boolean" ? input : FAIL
    case "UndefinedKeyword":
      return (input) => input === undefined ? input : FAIL
    // Effect's parser takes any value as `void`, as it takes any as `unknown`.
    case "VoidKeyword":
    case "UnknownKeyword":
    case "AnyKeyword":
      return (input) => input
    case "Literal": {
      const literal = ast.literal
      return (input) => input === literal ? input : FAIL
    }
    case "Declaration": {
      const own = ast.annotations[FastDeclaration] as ((input: unknown) => unknown) | undefined
      if (own !== undefined) {
        return (input) => {
          const value = own(input)
          return value === undefined ? FAIL : value
        }
      }
      const parse = ast.decodeUnknown(...ast.typeParameters)
      return (input) => fromResult(parse(input, options, ast))
    }
    case "Union": {
      const members = ast.types.map(compile)
      // Effect's parser tries the members with a required literal field (a tag) first, grouped by the
      // tag's name, and the others after them: an input two members accept may then decode as a later
      // member than the first that accepts it. With a tag in the union, the fast path vouches only for
      // an input exactly one member accepts (whose answer the parser's order cannot change).
      if (ast.types.some(tagged)) {
        return (input) => {
          let found: unknown = FAIL
          for (const member of members) {
            const out = member(input)
            if (out === FAIL) continue
            if (found !== FAIL) return FAIL
            found = out
          }
          return found
        }
      }
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
      return struct(
        mode,
        ast.propertySignatures.map((p) => ({
          name: p.name,
          optional: p.isOptional,
          decode: compile(p.type),
          dropBlank: false,
          blankFirst: false
        }))
      )
    }
    case "TupleType": {
      if (ast.rest.length > 1) return slow(ast)
      const elements = ast.elements.map((e) => ({ optional: e.isOptional, run: compile(e.type) }))
      return tuple(elements, ast.rest.length === 1 ? compile(ast.rest[0]!.type) : undefined)
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
          // props; that is learned from the first instance and checked against it. (A constructor that
          // does more than store the props, differently from row to row, is outside this: Schema.Class's
          // own does not, and no line declares class rows.)
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
          const merged = absentStruct(mode, ast.from, ast.to, transformation)
          if (merged !== undefined) return merged
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

/** A property of a struct as the fast path decodes it. */
interface Field {
  readonly name: PropertyKey
  readonly optional: boolean
  readonly decode: Decoder
  /** `Absent.optional`: a decoded `""` or `null` leaves the key out. */
  readonly dropBlank: boolean
  /**
   * A `""` or `null` on the wire is left out without decoding: `decode` is then the field's union
   * without its leading blank literals (which would only have answered the blank itself).
   */
  readonly blankFirst: boolean
}

const isBlankLiteral = (ast: AST.AST) => ast._tag === "Literal" && (ast.literal === "" || ast.literal === null)

/**
 * The members of `Absent.optional(S)`'s encoded side after its two blank literals (`""`, `null`,
 * first, so a blank never reaches `S`), or `undefined` when the union does not start with both. A
 * union has two members at least; one of the two blanks alone leaves none, whose union (`never`)
 * refuses what theirs refuses. A blank among the others is never reached: the struct leaves every
 * blank out before decoding.
 */
const afterBlanks = (ast: AST.AST): ReadonlyArray<AST.AST> | undefined => {
  if (ast._tag !== "Union") return undefined
  // `Schema.Union(Schema.Literal("", null), S)` keeps the literals' own union as its first member
  // (Effect 3.22 does not flatten it): `[Union("", null), S]`, read here as `["", null, S]`.
  const first = ast.types[0]!
  const types = first._tag === "Union" && first.types.length === 2 ? [...first.types, ...ast.types.slice(1)] : ast.types
  return isBlankLiteral(types[0]!) && isBlankLiteral(types[1]!) &&
      (types[0] as AST.Literal).literal !== (types[1] as AST.Literal).literal
    ? types.slice(2)
    : undefined
}

/**
 * A struct whose optional fields are all `Absent.optional` (the usual Bitget row) in one step:
 * decode each field, drop blanks, with no intermediate objects or `Option`s. `undefined` for any
 * other transformation (the general path handles it).
 *
 * The type side is not checked again. Such a transformation is what `Schema.Struct` builds: each
 * field's type side is the type of the schema that just decoded it (`typeAST` of a plain field,
 * `typeSchema(S)` of `Absent.optional(S)`), which a decoded value satisfies by construction.
 * Effect's parser checks it anyway, and the check only rebuilds the value: a new `DateTime` per
 * timestamp (V3's `Absent.optional` times), a copy of every nested row and array (V3 fills' `feeDetail`):
 * most of a 100-row V3 fills page's decode (196 → 80 µs CPU with the blanks below, FINDINGS §15).
 * The values are equal either way, as the fast decoder's tests check on every declared endpoint.
 */
const absentStruct = (
  mode: Mode,
  from: AST.AST,
  to: AST.AST,
  transformation: AST.TypeLiteralTransformation
): Decoder | undefined => {
  if (from._tag !== "TypeLiteral" || to._tag !== "TypeLiteral") return undefined
  if (from.indexSignatures.length > 0 || to.indexSignatures.length > 0) return undefined
  const steps = new Map<PropertyKey, AST.PropertySignatureTransformation>()
  for (const step of transformation.propertySignatureTransformations) {
    if (step.decode !== (dropBlank as unknown) || step.from !== step.to) return undefined
    steps.set(step.from, step)
  }
  if (from.propertySignatures.length !== to.propertySignatures.length) return undefined
  const fields: Array<Field> = []
  for (const [i, p] of from.propertySignatures.entries()) {
    const target = to.propertySignatures[i]!
    if (target.name !== p.name) return undefined
    const blank = steps.has(p.name)
    if (!blank && target.isOptional !== p.isOptional) return undefined
    // Three calls fewer per absent field: the blank literals are compared in the struct itself.
    const rest = blank ? afterBlanks(p.type) : undefined
    fields.push({
      name: p.name,
      optional: p.isOptional,
      // `Union.make` of one member is that member (the same node, compiled once).
      decode: compileIn(rest === undefined ? p.type : AST.Union.make(rest), mode),
      dropBlank: blank,
      blankFirst: rest !== undefined
    })
  }
  return struct(mode, fields)
}

/**
 * A struct decoder. Generated code where the platform allows it: one function per struct with
 * each field's decoder at its own call site and constant keys (about 4× faster than a loop over
 * the fields, whose call sites and stores see every field); the loop otherwise (e.g. under a
 * Content-Security-Policy without `unsafe-eval`).
 */
const struct = (mode: Mode, fields: ReadonlyArray<Field>): Decoder =>
  (mode.generate ? generated(fields) : undefined) ?? looped(fields)

const looped = (fields: ReadonlyArray<Field>): Decoder => (input) => {
  // As the generated decoder: a plain object only (an array is not a struct to the parser).
  if (typeof input !== "object" || input === null || Object.getPrototypeOf(input) !== Object.prototype) return FAIL
  const out: Record<PropertyKey, unknown> = {}
  for (const field of fields) {
    if (hasOwn.call(input, field.name)) {
      const raw = (input as any)[field.name]
      if (field.blankFirst && (raw === "" || raw === null)) continue
      const value = field.decode(raw)
      if (value === FAIL) return FAIL
      if (field.dropBlank && (value === "" || value === null)) continue
      out[field.name] = value
    } else if (!field.optional) {
      return FAIL
    }
  }
  return out
}

/**
 * The rows a generated decoder builds come from a constructor of their own whose prototype is
 * `Object.prototype`: they are plain objects (same prototype, same `constructor`), but V8 sizes
 * a constructor's objects by what its first ones received, so a row's fields sit inside the row
 * instead of in a property array grown and copied as fields are added to an `{}` (≈ 20% fewer
 * bytes for a 100-row fills page).
 */
const PLAIN_ROW = "function R() {}\nR.prototype = Object.prototype"

const generated = (fields: ReadonlyArray<Field>): Decoder | undefined => {
  if (fields.some((field) => typeof field.name !== "string")) return undefined
  // Input from `JSON.parse` is a plain object; any other (a prototype of its own, which a keyed
  // load could read through) is left to the parser.
  const lines = [
    "if (typeof i !== \"object\" || i === null || Object.getPrototypeOf(i) !== P) return F",
    "const o = new R()",
    "let v"
  ]
  for (const [n, field] of fields.entries()) {
    // JSON.stringify makes any key a safe string literal.
    const key = JSON.stringify(field.name)
    // One keyed load for a present field; `h` (own property?) only where the value is undefined,
    // or, before the load, for a name that is also one of `Object.prototype`'s (`constructor`,
    // `toString`…: a keyed load would find the inherited one).
    const present = field.name in Object.prototype
      ? `h.call(i, ${key}) && ((v = i[${key}]), true)`
      : `(v = i[${key}]) !== undefined || h.call(i, ${key})`
    const body = field.blankFirst ? ["if (v !== \"\" && v !== null) {", `v = d${n}(v)`] : [`v = d${n}(v)`]
    body.push("if (v === F) return F")
    if (field.dropBlank) body.push("if (v !== \"\" && v !== null) {")
    body.push(`o[${key}] = v`)
    if (field.dropBlank) body.push("}")
    if (field.blankFirst) body.push("}")
    lines.push(`if (${present}) {`, ...body, field.optional ? "}" : "} else return F")
  }
  lines.push("return o")
  const names = fields.map((_, n) => `d${n}`)
  const values = fields.map((field) => field.decode)
  try {
    return new Function("F", "h", "P", ...names, `${PLAIN_ROW}\nreturn function(i) {\n${lines.join("\n")}\n}`)(
      FAIL,
      hasOwn,
      Object.prototype,
      ...values
    ) as Decoder
  } catch {
    // Refused (e.g. a Content-Security-Policy without `unsafe-eval`): the caller loops instead.
  }
  return undefined
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
