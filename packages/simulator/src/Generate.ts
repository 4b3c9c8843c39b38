/**
 * Schema-valid data from the endpoints' own schemas: values are sampled on the decoded side with
 * a seed derived from the endpoint's name (the same answer every run) and then encoded by the
 * schema, so whatever the simulator sends is what the client's decoder expects.
 */
import * as Arbitrary from "effect/Arbitrary"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as FastCheck from "effect/FastCheck"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"

/** A stable 32-bit seed from a string. */
export const seedOf = (text: string): number => {
  let hash = 2166136261
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619)
  return hash >>> 0
}

/**
 * `count` decoded values of `schema`, the same ones for the same seed. With `plausible`, values
 * read like a market's (see `plausible`); without, they range over everything the schema allows.
 */
export const sample = <A, I>(
  schema: Schema.Schema<A, I>,
  seed: number,
  count = 1,
  options: { readonly plausible?: boolean } = {}
): Array<A> => {
  const values = FastCheck.sample(Arbitrary.make(schema), { seed, numRuns: count })
  if (options.plausible) values.forEach((value, i) => plausible(value, seed + i, Date.now()))
  return values
}

/** One decoded value of `schema`, made plausible. */
export const one = <A, I>(schema: Schema.Schema<A, I>, seed: number): A =>
  sample(schema, seed, 1, { plausible: true })[0]!

/** A stable number in [0, 1) for `(seed, n)`. */
const unit = (seed: number, n: number): number => {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(n, 0xc2b2ae35)
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d)
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b)
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296
}

const decimal = (value: number, places: number) => BD.normalize(BD.unsafeFromString(value.toFixed(places)))

/** A plausible decimal for a field, by its name: prices near BTC's, small rates, leverage, sizes. */
const decimalFor = (key: string, r: number): BD.BigDecimal => {
  if (/lever/i.test(key)) return decimal(1 + Math.floor(r * 50), 0)
  if (/rate|ratio|percent|change/i.test(key)) return decimal(0.0001 + r * 0.005, 6)
  if (/price|Pr$|^open|^high|^low|^close|avg|index|mark/i.test(key)) return decimal(60000 * (0.98 + r * 0.04), 2)
  if (/fee/i.test(key)) return decimal(r * 2, 6)
  return decimal(0.01 + r * 1000, 4)
}

const SYMBOLS: Record<string, ReadonlyArray<string>> = {
  symbol: ["BTCUSDT", "ETHUSDT", "SOLUSDT"],
  coin: ["USDT", "BTC", "ETH"],
  marginCoin: ["USDT"],
  baseCoin: ["BTC", "ETH"],
  quoteCoin: ["USDT"]
}

/**
 * Makes a generated value read like a market's, in place, by field name: decimals positive and
 * of a sensible size (prices near 60000, rates small, leverage whole), times within the last
 * month before `now`, symbols and coins the simulator trades. Literal and enum fields keep their
 * values; the result still encodes with its schema.
 */
export const plausible = (value: unknown, seed: number, now: number): void => {
  let n = 0
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== "object" || BD.isBigDecimal(node) || DateTime.isDateTime(node)) return
    if (Array.isArray(node)) {
      node.forEach(visit)
      return
    }
    const record = node as Record<string, unknown>
    for (const key of Object.keys(record)) {
      const field = record[key]
      const r = unit(seed, n++)
      if (BD.isBigDecimal(field)) record[key] = decimalFor(key, r)
      else if (DateTime.isDateTime(field)) record[key] = DateTime.unsafeMake(now - Math.floor(r * 30 * 86_400_000))
      else if (typeof field === "string" && SYMBOLS[key] !== undefined) {
        const choices = SYMBOLS[key]!
        record[key] = choices[Math.floor(r * choices.length)]!
      } else visit(field)
    }
  }
  try {
    visit(value)
  } catch {
    // A frozen value keeps what it was generated with.
  }
}

const unwrap = (ast: AST.AST): AST.AST => {
  switch (ast._tag) {
    case "Transformation":
      return unwrap(ast.to)
    case "Refinement":
      return unwrap(ast.from)
    case "Declaration":
      // Schema.Class: its declaration carries the fields' struct as first type parameter.
      return ast.typeParameters.length > 0 ? unwrap(ast.typeParameters[0]!) : ast
    case "Suspend":
      return unwrap(ast.f())
    default:
      return ast
  }
}

const elementOf = (ast: AST.AST): AST.AST | undefined => {
  const node = unwrap(ast)
  if (node._tag === "TupleType" && node.rest.length > 0) return node.rest[0]!.type
  if (node._tag === "Union") {
    for (const member of node.types) {
      const element = elementOf(member)
      if (element !== undefined) return element
    }
  }
  return undefined
}

/**
 * The decoded-side schema of one row of a list's data: `data[list]`'s element, or `data`'s own
 * element when `list` is absent.
 */
export const rowSchema = (data: Schema.Schema.Any, list: string | undefined): Schema.Schema<any> => {
  const typeAst = AST.typeAST(data.ast)
  let arrayAst: AST.AST | undefined = typeAst
  if (list !== undefined) {
    const struct = unwrap(typeAst)
    if (struct._tag !== "TypeLiteral") throw new Error(`data of a list endpoint is not an object: ${struct._tag}`)
    arrayAst = struct.propertySignatures.find((p) => p.name === list)?.type
  }
  const element = arrayAst === undefined ? undefined : elementOf(arrayAst)
  if (element === undefined) throw new Error(`cannot find the rows (${list ?? "data"}) in a list endpoint's schema`)
  return Schema.make(element)
}
