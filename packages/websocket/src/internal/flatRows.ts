/**
 * Rows of flat text fields read straight from a push's text, for channels whose row schema is a
 * struct of strings, decimals and timestamps, each required or `Absent.optional` (the ticker: a
 * quarter of the pushes in bench case 6, whose `JSON.parse` then schema cost about twice what the
 * scanner does). Each value is decoded where it stands, by the same core function the schema runs
 * (`Decimal.parseRange` as `Decimal.parse` of the slice, the `Timestamp` declaration's decoder, a
 * slice for a string); `""` and `null` of an `Absent.optional` field leave its key out, as the
 * schema does; keys the schema does not name are skipped (strings and numbers only), and the row's
 * keys come out in the schema's order. Anything else (a number where a string goes, an escape,
 * whitespace, a duplicate or missing required key, a value the decoder refuses) answers
 * `undefined`: the frame takes the general path, which owns every error. `test/fastpush.test.ts`
 * checks both paths agree on generated, damaged and simulator frames.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as DecimalValues from "@effect-bitget/core/Decimal"
import * as FastDecode from "@effect-bitget/core/internal/fastDecode"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import type * as AST from "effect/SchemaAST"
import {
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  hasControl,
  is,
  numberEnd,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  stringEnd
} from "./scan.js"

const STRING = 0
const DECIMAL = 1
const TIMESTAMP = 2

interface Field {
  readonly name: string
  readonly kind: typeof STRING | typeof DECIMAL | typeof TIMESTAMP
  /** `Absent.optional`: may be missing, `""` or `null` (then left out). */
  readonly absent: boolean
}

const timestamp = FastDecode.compile(Timestamp.ast)

const kindOf = (ast: AST.AST): Field["kind"] | undefined =>
  ast === Schema.String.ast ? STRING : ast === Decimal.ast ? DECIMAL : ast === Timestamp.ast ? TIMESTAMP : undefined

const isBlank = (ast: AST.AST) => ast._tag === "Literal" && (ast.literal === "" || ast.literal === null)
/** `""` and `null`, in either order. */
const areBlanks = (a: AST.AST, b: AST.AST) =>
  isBlank(a) && isBlank(b) && (a as AST.Literal).literal !== (b as AST.Literal).literal

/** `S` of `Absent.optional(S)`'s encoded side, `Union(Union("", null), S)` or `Union("", null, S)`. */
const afterBlanks = (ast: AST.AST): AST.AST | undefined => {
  if (ast._tag !== "Union") return undefined
  const [first, second, third] = ast.types
  if (ast.types.length === 3 && areBlanks(first!, second!)) return third
  if (ast.types.length === 2 && first!._tag === "Union" && first!.types.length === 2) {
    return areBlanks(first!.types[0]!, first!.types[1]!) ? second : undefined
  }
  return undefined
}

/** The fields of a flat row schema, or `undefined` when the schema is anything else. */
const plan = (row: Schema.Schema.Any): ReadonlyArray<Field> | undefined => {
  const ast = row.ast
  let from: AST.AST = ast
  const blanks = new Set<PropertyKey>()
  if (ast._tag === "Transformation") {
    if (ast.transformation._tag !== "TypeLiteralTransformation") return undefined
    for (const step of ast.transformation.propertySignatureTransformations) {
      if (step.decode !== (Absent.dropBlank as unknown) || step.from !== step.to) return undefined
      blanks.add(step.from)
    }
    from = ast.from
  }
  if (from._tag !== "TypeLiteral" || from.indexSignatures.length > 0) return undefined
  const fields: Array<Field> = []
  for (const p of from.propertySignatures) {
    if (typeof p.name !== "string") return undefined
    const absent = blanks.has(p.name)
    let type = p.type
    if (absent) {
      const rest = afterBlanks(type)
      if (rest === undefined) return undefined
      type = rest
    } else if (p.isOptional) {
      return undefined
    }
    const kind = kindOf(type)
    if (kind === undefined) return undefined
    fields.push({ name: p.name, kind, absent })
  }
  return fields
}

/**
 * The row object from its values by field (`undefined`: left out), keys in the schema's order.
 * Generated code where the platform allows it, as the core's fast decoder builds rows (one
 * constructor, constant keys: the fields sit inside the row, not in a property array grown and
 * copied key by key); a loop otherwise (a Content-Security-Policy without `unsafe-eval`).
 */
const builder = (fields: ReadonlyArray<Field>): (values: ReadonlyArray<unknown>) => object => {
  const lines = fields.map((f, n) => `if (v[${n}] !== undefined) o[${JSON.stringify(f.name)}] = v[${n}]`)
  try {
    return new Function(
      `function R() {}\nR.prototype = Object.prototype\nreturn function(v) {\nconst o = new R()\n${
        lines.join("\n")
      }\nreturn o\n}`
    )() as (values: ReadonlyArray<unknown>) => object
  } catch {
    return (values) => {
      const out: Record<string, unknown> = {}
      for (let n = 0; n < fields.length; n++) if (values[n] !== undefined) out[fields[n]!.name] = values[n]
      return out
    }
  }
}

/** Rows read from the text, and the index just past `data`'s `]` (as the book scanners answer). */
export interface Rows {
  readonly rows: Array<unknown>
  readonly end: number
}

/** The row scanner of a flat row schema, or `undefined` when the schema is not flat. */
export const scanner = (row: Schema.Schema.Any): ((text: string, at: number) => Rows | undefined) | undefined => {
  const fields = plan(row)
  if (fields === undefined) return undefined
  const count = fields.length
  const build = builder(fields)
  // The values of the row being read, by field (reused: a scan runs to its end before the next).
  const values: Array<unknown> = new Array(count).fill(undefined)
  const seen: Array<boolean> = new Array(count).fill(false)

  /** The index of the field named by the key token `[at, end)`, or -1; tried from `guess` (keys come in order). */
  const field = (text: string, at: number, end: number, guess: number): number => {
    for (let n = 0; n < count; n++) {
      const i = (guess + n) % count
      if (is(text, at, end, fields[i]!.name)) return i
    }
    return -1
  }

  /** One row at `at` into a new object; the index past it, or -1. */
  const readRow = (text: string, at: number, into: Array<unknown>): number => {
    if (text.charCodeAt(at) !== OPEN_OBJECT) return -1
    for (let n = 0; n < count; n++) {
      values[n] = undefined
      seen[n] = false
    }
    let i = at + 1
    let guess = 0
    if (text.charCodeAt(i) !== CLOSE_OBJECT) {
      for (;;) {
        let end = stringEnd(text, i)
        if (end === -1 || text.charCodeAt(end) !== COLON) return -1
        const key = i
        const keyEnd = end
        i = end + 1
        const n = field(text, key, keyEnd, guess)
        const c = text.charCodeAt(i)
        if (n === -1) {
          // A key the schema does not name: dropped by it too, whatever its value.
          if (is(text, key, keyEnd, "__proto__")) return -1
          end = c === QUOTE ? stringEnd(text, i) : numberEnd(text, i)
          if (end === -1 || hasControl(text, key, end)) return -1
        } else {
          if (seen[n]) return -1
          seen[n] = true
          guess = n + 1
          const f = fields[n]!
          if (c === QUOTE) {
            end = stringEnd(text, i)
            if (end === -1) return -1
            if (end === i + 2) {
              // `""`: absent for an `Absent.optional` field; the general path decides otherwise.
              if (!f.absent) return -1
            } else {
              const value = f.kind === DECIMAL
                ? DecimalValues.parseRange(text, i + 1, end - 1)
                : f.kind === TIMESTAMP
                ? timestamp(text.slice(i + 1, end - 1))
                : hasControl(text, i + 1, end - 1)
                ? undefined
                : text.slice(i + 1, end - 1)
              if (value === undefined || value === FastDecode.FAIL) return -1
              values[n] = value
            }
          } else if (f.absent && text.startsWith("null", i)) {
            end = i + 4
          } else {
            return -1
          }
        }
        const next = text.charCodeAt(end)
        i = end + 1
        if (next === CLOSE_OBJECT) break
        if (next !== COMMA) return -1
      }
    } else {
      i++
    }
    for (let n = 0; n < count; n++) if (values[n] === undefined && !fields[n]!.absent) return -1
    into.push(build(values))
    return i
  }

  return (text, at) => {
    if (text.charCodeAt(at) !== OPEN_ARRAY) return undefined
    const rows: Array<unknown> = []
    let i = at + 1
    if (text.charCodeAt(i) === CLOSE_ARRAY) return { rows, end: i + 1 }
    for (;;) {
      const end = readRow(text, i, rows)
      if (end === -1) return undefined
      const next = text.charCodeAt(end)
      i = end + 1
      if (next === CLOSE_ARRAY) return { rows, end: i }
      if (next !== COMMA) return undefined
    }
  }
}
