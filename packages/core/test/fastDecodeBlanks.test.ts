/**
 * `Absent.optional(S)` is `Union(Literal("", null), S)`, which Effect 3.22 keeps nested:
 * `[Union("", null), S]`. The fast decoder must still see the two blanks first and compare them in
 * the struct itself (a blank is left out, anything else goes to `S` alone) instead of running the
 * union's three decoders for every present field: until session 14 it looked for the flat form
 * only and never took that path (FINDINGS §24: a 100-row V3 fills page 72 → 42 µs). The generated
 * struct's code shows which path a field took; the values are the same either way.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as FastDecode from "@effect-bitget/core/internal/fastDecode"
import { describe, expect, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"

const Row = Schema.Struct({ id: Schema.String, note: Absent.optional(Schema.String), fee: Absent.optional(Decimal) })

describe("Absent.optional in the fast decoder", () => {
  it("its encoded side is the nested union Effect builds", () => {
    const note = (Row.ast as AST.Transformation).from as AST.TypeLiteral
    const type = note.propertySignatures.find((p) => p.name === "note")!.type as AST.Union
    expect(type.types.map((t) => t._tag)).toEqual(["Union", "StringKeyword"])
  })

  it("blanks are compared in the struct, the value goes to its schema alone, and the rows are the same", () => {
    const code = FastDecode.compile(Row.ast).toString()
    // Each absent field: the blank test before its decoder (blank first), then the one any
    // `Absent.optional` has after it. Without the first, two in all.
    expect(code.split(`if (v !== "" && v !== null) {`).length - 1).toBe(4)
    expect(code).toMatch(/if \(v !== "" && v !== null\) \{\nv = d1\(v\)/)
    for (const compile of [FastDecode.compile, FastDecode.compileLooped]) {
      const decode = compile(Row.ast)
      expect(decode({ id: "1", note: "", fee: null })).toEqual({ id: "1" })
      expect(decode({ id: "1", note: "x", fee: "0.10" })).toMatchObject({ id: "1", note: "x" })
      expect(decode({ id: "1", fee: "abc" })).toBe(FastDecode.FAIL)
      expect(decode({ note: "x" })).toBe(FastDecode.FAIL)
    }
  })
})
