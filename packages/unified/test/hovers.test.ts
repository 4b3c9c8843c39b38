/**
 * What an editor shows on hover over unified's trading operations: the request and answer by
 * name (`Operation<PlaceOrderRequest, OrderResult, …>`), not their fields written out (issue 23,
 * point 5). Asked of TypeScript's language service, as an editor asks it.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Path from "node:path"
import * as Url from "node:url"
import ts from "typescript"

const here = Path.dirname(Url.fileURLToPath(import.meta.url))
const root = Path.resolve(here, "..", "..", "..")
const file = Path.join(here, "hover-probe.ts")

/** Each probe is an expression; its hover is asked at its last identifier. */
const probes = {
  placeOrder: "Trade.placeOrder",
  placeBatch: "Trade.placeBatch",
  modifyOrder: "Trade.modifyOrder",
  cancelOrder: "Trade.cancelOrder",
  cancelSymbolOrder: "Trade.cancelSymbolOrder",
  closePositions: "Trade.closePositions",
  orderInfo: "Trade.orderInfo",
  historyOrders: "Trade.historyOrders",
  historyItems: "Trade.historyOrders.items",
  fills: "Trade.fills",
  fillItems: "Trade.fills.items",
  maxOpenAvailable: "Trade.maxOpenAvailable",
  currentPosition: "Position.currentPosition",
  historyPosition: "Position.historyPosition",
  historyPositionItems: "Position.historyPosition.items",
  movePositions: "Position.movePositions",
  movePositionHistory: "Position.movePositionHistory",
  assets: "Account.assets",
  info: "Account.info",
  settings: "Account.settings",
  feeRate: "Account.feeRate",
  tickers: "Market.tickers",
  orderBook: "Market.orderBook",
  marketFills: "Market.fills"
} as const

const hovers = (): Record<keyof typeof probes, string> => {
  const lines = Object.values(probes).map((probe) => `${probe}\n`)
  const text = `import { Account, Market, Position, Trade } from "@effect-bitget/unified"\n${lines.join("")}`
  const config = ts.getParsedCommandLineOfConfigFile(Path.join(root, "tsconfig.json"), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))
    }
  })!
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => config.options,
    getScriptFileNames: () => [file],
    getScriptVersion: () => "1",
    getScriptSnapshot: (name) => {
      const content = name === file ? text : ts.sys.readFile(name)
      return content === undefined ? undefined : ts.ScriptSnapshot.fromString(content)
    },
    getCurrentDirectory: () => root,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: (name) => name === file || ts.sys.fileExists(name),
    readFile: (name) => name === file ? text : ts.sys.readFile(name),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories
  }
  const service = ts.createLanguageService(host)
  const out: Record<string, string> = {}
  let at = text.indexOf("\n") + 1
  for (const [name, probe] of Object.entries(probes)) {
    const info = service.getQuickInfoAtPosition(file, at + probe.length - 1)
    out[name] = ts.displayPartsToString(info?.displayParts ?? [])
    at += probe.length + 1
  }
  return out as Record<keyof typeof probes, string>
}

describe("hovers name the request and the answer", () => {
  const seen = hovers()

  it.each(
    [
      ["placeOrder", "PlaceOrderRequest", "OrderResult"],
      ["placeBatch", "BatchOrder", "BatchItem"],
      ["modifyOrder", "ModifyOrderRequest", "OrderResult"],
      ["cancelOrder", "CancelOrderRequest", "OrderResult"],
      ["cancelSymbolOrder", "CancelSymbolOrderRequest", "ItemList"],
      ["closePositions", "ClosePositionsRequest", "ItemList"],
      ["orderInfo", "OrderInfoRequest", "Order"],
      ["historyOrders", "HistoryOrdersRequest", "OrderPage"],
      ["fills", "FillsRequest", "FillPage"],
      ["maxOpenAvailable", "MaxOpenAvailableRequest", "MaxOpen"],
      ["currentPosition", "CurrentPositionRequest", "Positions"],
      ["historyPosition", "HistoryRequest", "HistoryPositionPage"],
      ["movePositions", "MovePositionsRequest", "MovedPositions"],
      ["movePositionHistory", "HistoryRequest", "MoveRecordPage"],
      ["assets", "{}", "AccountAssets"],
      ["info", "{}", "AccountInfo"],
      ["settings", "{}", "AccountSettings"],
      ["feeRate", "FeeRateRequest", "FeeRates"],
      ["tickers", "TickersRequest", "Ticker"],
      ["orderBook", "OrderBookRequest", "OrderBook"],
      ["marketFills", "FillsRequest", "PublicFill"]
    ] as const
  )("%s: %s → %s", (name, request, data) => {
    const hover = seen[name]
    // (A batch's body and answer are arrays of the named item.)
    expect(hover).toMatch(new RegExp(`<(readonly )?(\\w+\\.)?${request.replace(/[{}]/g, "\\$&")}(\\[\\])?[,>]`))
    expect(hover).toMatch(new RegExp(`, (readonly )?(\\w+\\.)?${data}(\\[\\])?[,>]`))
    // No field list written out in place of a name.
    expect(hover).not.toMatch(/readonly \w+\??:/)
  })

  it("names the rows of the Streams", () => {
    expect(seen.historyItems).toMatch(/Stream<(Trade\.)?Order,/)
    expect(seen.fillItems).toMatch(/Stream<(Trade\.)?Fill,/)
    expect(seen.historyPositionItems).toMatch(/Stream<(Position\.)?HistoryPosition,/)
  })
}, 120_000)
