/**
 * Bitget accepts its enum values in any letter case (`GTC`, `Open`, `SUSDT-FUTURES` in the
 * contracts query) and treats them as the documented spelling. The declarations list the
 * documented spellings, so before a request is decoded its enum fields are brought to the
 * declared spelling that matches them case-insensitively. Other clients (ccxt sends `force: "GTC"`
 * and `tradeSide: "Open"`) are then served as the exchange serves them.
 */
import type * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"

/** Per field: its declared literals and the spelling of each lower-cased one; nested lists of objects too. */
interface Field {
  readonly declared: ReadonlySet<string>
  readonly byLower: ReadonlyMap<string, string>
}
interface Spellings {
  readonly fields: ReadonlyMap<string, Field>
  /** Lists of enum values (`permList: ["spot_trade", …]`). */
  readonly values: ReadonlyMap<string, Field>
  readonly lists: ReadonlyMap<string, Spellings>
}

const literalsOf = (ast: AST.AST, out: Array<string>): void => {
  switch (ast._tag) {
    case "Literal":
      if (typeof ast.literal === "string") out.push(ast.literal)
      return
    case "Union":
      for (const member of ast.types) literalsOf(member, out)
      return
    case "Refinement":
      return literalsOf(ast.from, out)
    case "Suspend":
      return literalsOf(ast.f(), out)
    default:
      return
  }
}

const structOf = (ast: AST.AST): AST.TypeLiteral | undefined => {
  switch (ast._tag) {
    case "TypeLiteral":
      return ast
    case "Refinement":
      return structOf(ast.from)
    case "Transformation":
      return structOf(ast.from)
    case "Suspend":
      return structOf(ast.f())
    case "Union": {
      for (const member of ast.types) {
        const struct = structOf(member)
        if (struct !== undefined) return struct
      }
      return undefined
    }
    default:
      return undefined
  }
}

const elementOf = (ast: AST.AST): AST.AST | undefined => {
  if (ast._tag === "TupleType" && ast.rest.length > 0) return ast.rest[0]!.type
  if (ast._tag === "Refinement") return elementOf(ast.from)
  if (ast._tag === "Union") {
    for (const member of ast.types) {
      const element = elementOf(member)
      if (element !== undefined) return element
    }
  }
  return undefined
}

/** The spellings of the enum values `ast` takes, or `undefined` when it takes none. */
const fieldOf = (ast: AST.AST): Field | undefined => {
  const literals: Array<string> = []
  literalsOf(ast, literals)
  if (literals.length === 0) return undefined
  const byLower = new Map<string, string>()
  for (const literal of literals) {
    if (!byLower.has(literal.toLowerCase())) byLower.set(literal.toLowerCase(), literal)
  }
  return { declared: new Set(literals), byLower }
}

const build = (struct: AST.TypeLiteral): Spellings => {
  const fields = new Map<string, Field>()
  const values = new Map<string, Field>()
  const lists = new Map<string, Spellings>()
  for (const property of struct.propertySignatures) {
    if (typeof property.name !== "string") continue
    const field = fieldOf(property.type)
    if (field !== undefined) {
      fields.set(property.name, field)
      continue
    }
    const element = elementOf(property.type)
    if (element === undefined) continue
    const value = fieldOf(element)
    if (value !== undefined) {
      values.set(property.name, value)
      continue
    }
    const inner = structOf(element)
    if (inner !== undefined) lists.set(property.name, build(inner))
  }
  return { fields, values, lists }
}

/** `value` in its declared spelling, when it is one of `field`'s values in another case. */
const spell = ({ byLower, declared }: Field, value: unknown): unknown =>
  typeof value !== "string" || declared.has(value) ? value : byLower.get(value.toLowerCase()) ?? value

const apply = (spellings: Spellings, wire: Record<string, unknown>): Record<string, unknown> => {
  let out = wire
  const set = (key: string, value: unknown) => {
    if (out === wire) out = { ...wire }
    out[key] = value
  }
  for (const [key, field] of spellings.fields) {
    const value = wire[key]
    const spelled = spell(field, value)
    if (spelled !== value) set(key, spelled)
  }
  for (const [key, field] of spellings.values) {
    const value = wire[key]
    if (!Array.isArray(value)) continue
    const items = value.map((item) => spell(field, item))
    if (items.some((item, i) => item !== value[i])) set(key, items)
  }
  for (const [field, inner] of spellings.lists) {
    const value = wire[field]
    if (!Array.isArray(value)) continue
    const items = value.map((item) =>
      typeof item === "object" && item !== null ? apply(inner, item as Record<string, unknown>) : item
    )
    if (items.some((item, i) => item !== value[i])) set(field, items)
  }
  return out
}

/** A function bringing a wire request's enum values to `request`'s declared spellings. */
export const make = (
  request: Schema.Schema.Any
): (wire: Record<string, unknown>) => Record<string, unknown> => {
  const encoded = AST.encodedAST(request.ast)
  const struct = structOf(encoded)
  // A body that is a JSON array of objects (a batch) is spelled item by item.
  const element = struct === undefined ? elementOf(encoded) : undefined
  const itemStruct = element === undefined ? undefined : structOf(element)
  const target = struct ?? itemStruct
  if (target === undefined) return (wire) => wire
  const spellings = build(target)
  if (spellings.fields.size === 0 && spellings.values.size === 0 && spellings.lists.size === 0) return (wire) => wire
  if (struct !== undefined) return (wire) => apply(spellings, wire)
  return (wire) =>
    Array.isArray(wire)
      ? wire.map((item) =>
        typeof item === "object" && item !== null ? apply(spellings, item as Record<string, unknown>) : item
      ) as unknown as Record<string, unknown>
      : wire
}
