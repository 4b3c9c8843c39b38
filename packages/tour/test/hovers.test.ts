/**
 * What an editor shows (issue 23, point 5): an operation's hover names its request and its rows
 * (`Operation<PlaceOrderRequest, PlacedOrder, …>`, `ListOperation<FillsRequest, readonly Fill[],
 * Fill, …>`) instead of writing 600 characters of fields out, and a request field's doc comment
 * reaches the call site. Read with TypeScript's language service, as an editor does, over one
 * program holding every module of every line.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Fs from "node:fs"
import ts from "typescript"

const packages = new URL("../../", import.meta.url).pathname

/** The lines walked. */
const lines = ["spot", "futures", "margin", "copy-trading", "broker", "earn", "convert", "p2p", "tax", "unified"]

/**
 * The longest anonymous type an operation's request, answer or row may still show: a few fields
 * (`{ readonly symbol: string; readonly orderId: string; }`) read as well as a name.
 */
const MAX_INLINE = 100

/** Operations whose request, answer or row stays longer than MAX_INLINE inline, and why. */
const exceptions: Record<string, string> = {}

/** Each line's modules, as users import them: `@effect-bitget/spot/Trade`. */
const modules = lines.flatMap((line) =>
  Fs.readdirSync(`${packages}${line}/src`).filter((f) => f.endsWith(".ts") && f !== "index.ts").map((f) => ({
    line,
    module: f.slice(0, -3),
    specifier: `@effect-bitget/${line}/${f.slice(0, -3)}`
  }))
)

/**
 * A file of the effect-bitget package (which depends on every line), never written to disk: it
 * imports every module and makes the calls whose field docs are checked.
 */
const probe = `${packages}effect-bitget/test/hovers.probe.ts`
const calls: ReadonlyArray<{ readonly call: string; readonly field: string; readonly doc: RegExp }> = [
  {
    call: `spot_Trade.placeOrder({ symbol: "BTCUSDT", side: "buy", orderType: "limit", force: "gtc", size: "1", ` +
      `price: "1", receiveWindow: 5000 })`,
    field: "receiveWindow",
    doc: /^Milliseconds after `requestTime`/
  },
  {
    call: `futures_Order.placeOrder({ symbol: "BTCUSDT", productType: "USDT-FUTURES", marginMode: "crossed", ` +
      `marginCoin: "USDT", size: "1", side: "buy", tradeSide: "open", orderType: "market" })`,
    field: "tradeSide",
    doc: /^Hedge mode only/
  },
  {
    call: `margin_Trade.crossPlaceOrder({ symbol: "BTCUSDT", side: "buy", orderType: "limit", price: "1", ` +
      `loanType: "normal", force: "gtc", baseSize: "1" })`,
    field: "baseSize",
    doc: /^Base coin amount/
  },
  {
    call: `tax_Tax.spotRecord({ startTime: DateTime.unsafeMake(0), endTime: DateTime.unsafeMake(1) })`,
    field: "startTime",
    doc: /^Required, as is `endTime`/
  }
]
const probeText = [
  `import * as DateTime from "effect/DateTime"`,
  ...modules.map((m) => `import * as ${m.line.replace("-", "_")}_${m.module} from "${m.specifier}"`),
  ...calls.map((c, i) => `export const call${i} = ${c.call}`)
].join("\n")

const config = ts.readConfigFile(`${packages}../tsconfig.base.json`, ts.sys.readFile)
const options = ts.convertCompilerOptionsFromJson(config.config.compilerOptions, packages).options

const service = ts.createLanguageService({
  getScriptFileNames: () => [probe],
  getScriptVersion: () => "0",
  getScriptSnapshot: (file) =>
    file === probe ?
      ts.ScriptSnapshot.fromString(probeText) :
      Fs.existsSync(file) ?
      ts.ScriptSnapshot.fromString(Fs.readFileSync(file, "utf8")) :
      undefined,
  getCurrentDirectory: () => packages,
  getCompilationSettings: () => ({ ...options, incremental: false }),
  getDefaultLibFileName: ts.getDefaultLibFilePath,
  fileExists: (file) => file === probe || ts.sys.fileExists(file),
  readFile: (file) => file === probe ? probeText : ts.sys.readFile(file),
  readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists,
  getDirectories: ts.sys.getDirectories,
  realpath: (path) => ts.sys.realpath?.(path) ?? path
})

interface Found {
  /** `futures.Order.placeOrder` */
  readonly id: string
  /** What the editor shows over the exported name. */
  readonly hover: string
  /** The request, answer and (lists) row types as written out in full. */
  readonly types: ReadonlyArray<string>
}

/** Every exported operation of every module walked, with its hover and type arguments. */
const operations = (): ReadonlyArray<Found> => {
  const program = service.getProgram()!
  const checker = program.getTypeChecker()
  const out: Array<Found> = []
  for (const m of modules) {
    const file = program.getSourceFile(`${packages}${m.line}/src/${m.module}.ts`)!
    for (const symbol of checker.getExportsOfModule(checker.getSymbolAtLocation(file)!)) {
      // Only `Operation.make(…)`: typing every exported schema as well would double the time.
      const declaration = symbol.valueDeclaration
      if (
        declaration === undefined || !ts.isVariableDeclaration(declaration) ||
        !declaration.initializer?.getText().startsWith("Operation.make(")
      ) continue
      const type = checker.getTypeOfSymbol(symbol)
      const alias = type.aliasSymbol?.name
      if (alias !== "Operation" && alias !== "ListOperation") continue
      const args = (type.aliasTypeArguments ?? []).slice(0, alias === "Operation" ? 2 : 3)
      const name = declaration.name
      const info = service.getQuickInfoAtPosition(file.fileName, name.getStart())
      out.push({
        id: `${m.line}.${m.module}.${symbol.name}`,
        hover: ts.displayPartsToString(info?.displayParts),
        types: args.map((t) => checker.typeToString(t, undefined, ts.TypeFormatFlags.NoTruncation))
      })
    }
  }
  return out
}

describe("hovers", () => {
  const found = operations()

  it("walk every line's operations", () => {
    for (const line of lines) expect(found.filter((f) => f.id.startsWith(`${line}.`)).length).toBeGreaterThan(0)
    expect(found.length).toBeGreaterThan(300)
  })

  it(`name every request, answer and row longer than ${MAX_INLINE} characters`, () => {
    const inline = found.flatMap((f) =>
      f.types.some((t) => t.includes("{") && t.length > MAX_INLINE) && exceptions[f.id] === undefined ?
        [`${f.id}: ${f.types.map((t) => t.length > MAX_INLINE ? `${t.slice(0, 60)}… (${t.length})` : t).join(" | ")}`] :
        []
    )
    expect(inline).toEqual([])
  })

  it("name every list's row, whatever its size (`.items` yields it)", () => {
    const inline = found.filter((f) => f.types.length === 3 && f.types[2]!.includes("{"))
    expect(inline.map((f) => `${f.id}: ${f.types[2]}`)).toEqual([])
  })

  it("show the operation's type by its names", () => {
    const byId = new Map(found.map((f) => [f.id, f.hover]))
    expect(byId.get("spot.Trade.placeOrder")).toMatch(
      /^const placeOrder: Operation\.Operation<PlaceOrderRequest, PlacedOrder, /
    )
    expect(byId.get("spot.Trade.fills")).toMatch(
      /^const fills: Operation\.ListOperation<FillsRequest, readonly Fill\[\], Fill, /
    )
    for (const f of found) expect(f.hover).toMatch(/^const \w+: Operation\.(List)?Operation</)
    // Unified's trading core, by its own declarations' names (a batch's body and answer are arrays of the item).
    const unified: ReadonlyArray<readonly [string, string]> = [
      ["Trade.placeOrder", "Operation<PlaceOrderRequest, PlacedOrder, "],
      ["Trade.placeBatch", "Operation<readonly BatchOrder[], readonly BatchItem[], "],
      ["Trade.modifyOrder", "Operation<ModifyOrderRequest, OrderResult, "],
      ["Trade.cancelOrder", "Operation<CancelOrderRequest, OrderResult, "],
      ["Trade.cancelSymbolOrder", "Operation<CancelSymbolOrderRequest, ItemList, "],
      ["Trade.closePositions", "Operation<ClosePositionsRequest, ItemList, "],
      ["Trade.orderInfo", "Operation<OrderInfoRequest, Order, "],
      ["Trade.historyOrders", "ListOperation<HistoryOrdersRequest, OrderPage, Order, "],
      ["Trade.fills", "ListOperation<FillsRequest, FillPage, Fill, "],
      ["Trade.maxOpenAvailable", "Operation<MaxOpenAvailableRequest, MaxOpen, "],
      ["Position.currentPosition", "Operation<CurrentPositionRequest, Positions, "],
      ["Position.historyPosition", "ListOperation<HistoryRequest, HistoryPositionPage, HistoryPosition, "],
      ["Position.movePositions", "Operation<MovePositionsRequest, MovedPositions, "],
      ["Position.movePositionHistory", "ListOperation<HistoryRequest, MoveRecordPage, MoveRecord, "],
      ["Account.assets", "Operation<{}, AccountAssets, "],
      ["Account.info", "Operation<{}, AccountInfo, "],
      ["Account.settings", "Operation<{}, AccountSettings, "],
      ["Account.feeRate", "Operation<FeeRateRequest, FeeRates, "],
      ["Market.tickers", "Operation<TickersRequest, readonly Ticker[], "],
      ["Market.orderBook", "Operation<OrderBookRequest, OrderBook, "],
      ["Market.fills", "Operation<FillsRequest, readonly PublicFill[], "]
    ]
    for (const [id, shown] of unified) expect(byId.get(`unified.${id}`), id).toContain(`: Operation.${shown}`)
  })

  it("bring a request field's doc comment to the call site", () => {
    // The calls compile (the namespaces imported only for the walk are left unused).
    const unused = 6133
    expect(
      service.getSemanticDiagnostics(probe).filter((d) => d.code !== unused).map((d) =>
        ts.flattenDiagnosticMessageText(d.messageText, "\n")
      )
    ).toEqual([])
    for (const c of calls) {
      const at = probeText.indexOf(c.call) + c.call.indexOf(`${c.field}:`)
      const info = service.getQuickInfoAtPosition(probe, at)
      expect(ts.displayPartsToString(info?.displayParts)).toMatch(new RegExp(`^\\(property\\) ${c.field}`))
      expect(ts.displayPartsToString(info?.documentation)).toMatch(c.doc)
    }
  })

  it("lists no exception that is no longer needed", () => {
    for (const id of Object.keys(exceptions)) {
      const f = found.find((f) => f.id === id)
      expect(f?.types.some((t) => t.includes("{") && t.length > MAX_INLINE), id).toBe(true)
    }
  })
})
