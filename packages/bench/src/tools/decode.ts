/**
 * Decoding alone, on the canned 100-row fills body: `JSON.parse`, then the library's
 * `Trade.Fills` data schema as the client runs it (`Schema.decodeUnknown` in an Effect), and
 * variants that show where the time goes. Usage: `tsx src/tools/decode.ts [iterations]`.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as DecimalModule from "@effect-bitget/core/Decimal"
import * as FastDecode from "@effect-bitget/core/internal/fastDecode"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Trade from "@effect-bitget/spot/Trade"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"
import * as Canned from "../internal/canned.js"
import { DecimalEither, TimestampEither } from "../internal/variants.js"

const iterations = Number(process.argv[2] ?? 2000)
const body = Canned.fills
const data = (JSON.parse(body) as { data: unknown }).data

/** Replaces the core's Decimal/Timestamp declarations in a schema's AST with the Either ones. */
const swap = (ast: AST.AST): AST.AST => {
  if (ast === Decimal.ast) return DecimalEither.ast
  if (ast === Timestamp.ast) return TimestampEither.ast
  switch (ast._tag) {
    case "TypeLiteral":
      return new AST.TypeLiteral(
        ast.propertySignatures.map((p) =>
          new AST.PropertySignature(p.name, swap(p.type), p.isOptional, p.isReadonly, p.annotations)
        ),
        ast.indexSignatures,
        ast.annotations
      )
    case "TupleType":
      return new AST.TupleType(
        ast.elements.map((e) => new AST.OptionalType(swap(e.type), e.isOptional, e.annotations)),
        ast.rest.map((r) => new AST.Type(swap(r.type), r.annotations)),
        ast.isReadonly,
        ast.annotations
      )
    case "Union":
      return AST.Union.make(ast.types.map(swap), ast.annotations)
    case "Transformation":
      return new AST.Transformation(swap(ast.from), swap(ast.to), ast.transformation, ast.annotations)
    case "Refinement":
      return new AST.Refinement(swap(ast.from), ast.filter, ast.annotations)
    case "Declaration":
      return new AST.Declaration(ast.typeParameters.map(swap), ast.decodeUnknown, ast.encodeUnknown, ast.annotations)
    default:
      return ast
  }
}

const time = (name: string, f: () => unknown) => {
  for (let i = 0; i < iterations / 4; i++) f()
  const start = performance.now()
  for (let i = 0; i < iterations; i++) f()
  const micros = ((performance.now() - start) * 1000) / iterations
  console.log(`${micros.toFixed(1).padStart(8)} µs  ${name}`)
}

const asClient = Schema.decodeUnknown(Trade.Fills.data)
const fast = FastDecode.decoder(Trade.Fills.data)
const either = Schema.decodeUnknownEither(Trade.Fills.data)
const swapped = Schema.decodeUnknownEither(Schema.make(swap(Trade.Fills.data.ast)))
const swappedEffect = Schema.decodeUnknown(Schema.make(swap(Trade.Fills.data.ast)))
const plain = Schema.decodeUnknownEither(Schema.Array(Schema.Struct({
  userId: Schema.String,
  symbol: Schema.String,
  orderId: Schema.String,
  tradeId: Schema.String,
  orderType: Schema.String,
  side: Schema.String,
  priceAvg: Schema.String,
  size: Schema.String,
  amount: Schema.String,
  feeDetail: Schema.Struct({
    deduction: Schema.String,
    feeCoin: Schema.String,
    totalDeductionFee: Schema.String,
    totalFee: Schema.String
  }),
  tradeScope: Schema.String,
  cTime: Schema.String,
  uTime: Schema.String
})))

/** The Fill row as a Struct (no Class), with the core's declarations or the Either ones. */
const row = (
  D: Schema.Schema<any, string>,
  T: Schema.Schema<any, string>,
  Opt: (s: Schema.Schema<any, string>) => any
) =>
  Schema.Array(Schema.Struct({
    userId: Schema.String,
    symbol: Schema.String,
    orderId: Schema.String,
    tradeId: Schema.String,
    orderType: Schema.String,
    side: Schema.String,
    priceAvg: D,
    size: D,
    amount: D,
    feeDetail: Schema.Struct({
      deduction: Schema.Literal("yes", "no"),
      feeCoin: Schema.String,
      totalDeductionFee: Opt(D),
      totalFee: D
    }),
    tradeScope: Schema.String,
    cTime: T,
    uTime: T
  })) as unknown as Schema.Schema<any, any, never>
const structCore = Schema.decodeUnknownEither(row(Decimal, Timestamp, Absent.optional))
/** The Fill row as the lines now declare rows: a Schema.Struct of the same fields. */
const FillStruct = Schema.Array(Schema.Struct(Trade.Fill.fields))
const fastStruct = FastDecode.decoder(FillStruct)
const structEither = Schema.decodeUnknownEither(row(DecimalEither as any, TimestampEither as any, Absent.optional))
const structEitherEffect = Schema.decodeUnknown(row(DecimalEither as any, TimestampEither as any, Absent.optional))
const structEitherPlainOpt = Schema.decodeUnknownEither(
  row(DecimalEither as any, TimestampEither as any, (s) => Schema.optional(Schema.Union(Schema.Literal(""), s)))
)

if (swapped(data)._tag !== "Right") throw new Error(`swapped schema fails: ${String(swapped(data))}`)
console.log(`100-row spot fills body, ${body.length} bytes, ${iterations} iterations`)
time("JSON.parse", () => JSON.parse(body))
time("Schema of plain strings (decodeUnknownEither)", () => plain(data))
time("Trade.Fills.data, the client's compiled decoder (internal/fastDecode)", () => fast(data))
time("Fill as Schema.Struct, the client's compiled decoder", () => fastStruct(data))
time("Trade.Fills.data with Schema.decodeUnknown + Effect.runSync", () => Effect.runSync(asClient(data)))
time("Trade.Fills.data with decodeUnknownEither", () => either(data))
time("declarations answering Eithers (decodeUnknownEither)", () => swapped(data))
time("declarations answering Eithers (decodeUnknown + Effect.runSync)", () => Effect.runSync(swappedEffect(data)))
time("row as Struct, core declarations (Either)", () => structCore(data))
time("row as Struct, Either declarations (Either)", () => structEither(data))
time(
  "row as Struct, Either declarations (decodeUnknown + Effect.runSync)",
  () => Effect.runSync(structEitherEffect(data))
)
time("row as Struct, Either declarations, optional as Union with \"\" (Either)", () => structEitherPlainOpt(data))

// The parts of a typed row: Class construction and DateTime construction, per 100 rows.
const decoded = Either.getOrThrow(either(data)) as ReadonlyArray<Trade.Fill>
const props = decoded.map((fill) => ({ ...fill }))
const FillClass = Trade.Fill as unknown as new(props: unknown, disableValidation: boolean) => Trade.Fill
time("100 × new Fill(props, true) (Schema.Class constructor, validation off)", () => {
  for (const p of props) new FillClass(p, true)
})
time("100 × Object.assign(Object.create(Fill.prototype), props)", () => {
  for (const p of props) Object.assign(Object.create(Trade.Fill.prototype), p)
})
// Per field kind, through the compiled decoder (what a row's field costs).
const fastDecimal = FastDecode.compile(Decimal.ast)
const fastTimestamp = FastDecode.compile(Timestamp.ast)
const fastString = FastDecode.compile(Schema.String.ast)
time("500 × Decimal field (compiled decoder)", () => {
  for (let i = 0; i < 100; i++) {
    fastDecimal("37125.42")
    fastDecimal("0.012345")
    fastDecimal("458.313309")
    fastDecimal("-0.458313309")
    fastDecimal("10234.56781234")
  }
})
time("200 × Timestamp field (compiled decoder)", () => {
  for (let i = 0; i < 200; i++) fastTimestamp("1700000000123")
})
time("600 × string field (compiled decoder)", () => {
  for (let i = 0; i < 600; i++) fastString("BTCUSDT")
})
time("200 × DateTime.unsafeMake(ms)", () => {
  for (let i = 0; i < 200; i++) DateTime.unsafeMake(1_700_000_000_000 + i)
})
time("500 × Decimal.parse (plain notation)", () => {
  for (let i = 0; i < 100; i++) {
    DecimalModule.parse("37125.42")
    DecimalModule.parse("0.012345")
    DecimalModule.parse("458.313309")
    DecimalModule.parse("-0.458313309")
    DecimalModule.parse("10234.56781234")
  }
})
