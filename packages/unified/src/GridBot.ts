/**
 * V3 grid bots (`/api/v3/trade/grid/*`, signed): spot and futures grids and neutral futures grids,
 * validated, created with an investment drawn from the account, read (configuration, profit and
 * resting orders), modified, moved and closed. The paths are ccxt's; the parameters, vocabularies
 * and row fields are go-bitget's typed services (`uta/grid.go`), the only typed source. Rate limits
 * ccxt's: 1/s per UID, the two detail reads 10/s.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput, toBigDecimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { YesNo } from "@effect-bitget/core/Flag"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as BigDecimal from "effect/BigDecimal"
import * as Schema from "effect/Schema"
import { categoryOf } from "./Schemas.js"

/** Grids trade spot pairs and USDT/USDC contracts (go-bitget); neutral grids only the contracts. */
export const GridCategory = Lazy.schema(() => categoryOf("SPOT", "USDT-FUTURES", "USDC-FUTURES"))
export const NeutralCategory = Lazy.schema(() => categoryOf("USDT-FUTURES", "USDC-FUTURES"))
/** `netural` is Bitget's own spelling of neutral on the wire (go-bitget). */
export const GridType = Lazy.schema(() => Spelling.literal("long", "short", "netural"))
export const GridOrderMode = Lazy.schema(() => Spelling.literal("arithmetic", "geometric"))
export const FundsSource = Lazy.schema(() => Spelling.literal("funding", "uta", "otc"))
export const TriggerCondition = Lazy.schema(() => Spelling.literal("instant", "price", "rsi", "boll"))
export const TerminationCondition = Lazy.schema(() => Spelling.literal("rsi", "boll"))
export const GridStatus = Lazy.schema(() => OpenEnum("init", "waiting", "running", "terminating", "terminated"))

/** Levels between the two prices: a whole number from 2 (one level is no grid), sent as a string. */
export const GridNum = Lazy.schema(() =>
  Schema.NumberFromString.pipe(
    Schema.int(),
    Schema.filter((n) => n >= 2 || "gridNum: at least 2")
  )
)

export const Investment = Lazy.schema(() => Schema.Struct({ coin: Limit.NonEmpty, amount: PositiveDecimalInput }))
export const IndicatorParams = Lazy.schema(() =>
  Schema.Struct({
    indicatorLength: Schema.String,
    threshold: Decimal,
    multiplier: Decimal,
    interval: Schema.String
  })
)

const priceRange = (
  r: { readonly minPrice: BigDecimal.BigDecimal | string; readonly maxPrice: BigDecimal.BigDecimal | string }
) =>
  BigDecimal.lessThan(toBigDecimal(r.minPrice), toBigDecimal(r.maxPrice)) ||
  "maxPrice: must be above minPrice"

const range = Lazy.value(() => ({
  minPrice: PositiveDecimalInput,
  maxPrice: PositiveDecimalInput,
  gridNum: GridNum,
  gridOrderMode: GridOrderMode
}))
const gridOptions = Lazy.value(() => ({
  gridType: Schema.optional(GridType),
  leverage: Schema.optional(Schema.NumberFromString.pipe(Schema.int(), Schema.positive())),
  reservedMargin: Schema.optional(PositiveDecimalInput),
  triggerCondition: Schema.optional(TriggerCondition),
  triggerParams: Schema.optional(Schema.Array(IndicatorParams)),
  triggerPrice: Schema.optional(PositiveDecimalInput),
  terminationCondition: Schema.optional(TerminationCondition),
  terminationParams: Schema.optional(Schema.Array(IndicatorParams)),
  stopLoss: Schema.optional(PositiveDecimalInput),
  takeProfit: Schema.optional(PositiveDecimalInput),
  trailingGrid: Schema.optional(YesNo),
  movingAverageGains: Schema.optional(PositiveDecimalInput),
  stopUpwardPrice: Schema.optional(PositiveDecimalInput),
  hodlMode: Schema.optional(YesNo),
  marketOpen: Schema.optional(YesNo),
  lossReserve: Schema.optional(YesNo),
  autoTransferProfits: Schema.optional(YesNo)
}))
/** A futures grid says its direction (go-bitget: `gridType` "required for futures grids"). */
const futuresHasType = (
  r: { readonly category: typeof GridCategory.Type; readonly gridType?: string | undefined }
) => Spelling.is(r.category, "SPOT") || r.gridType !== undefined || "gridType: required for a futures grid"

const investmentAmount = Lazy.schema(() =>
  Schema.Array(Investment).pipe(
    Schema.filter((list) => list.length > 0 || "investmentAmount: at least one coin")
  )
)

export const ValidateRequest = Lazy.schema(() =>
  Schema.Struct({
    category: GridCategory,
    symbol: Limit.NonEmpty,
    ...range,
    investmentAmount,
    ...gridOptions
  }).pipe(Schema.filter(priceRange), Schema.filter(futuresHasType))
)
export interface ValidateRequest extends Schema.Schema.Type<typeof ValidateRequest> {}

export const Validation = Lazy.schema(() =>
  Schema.Struct({
    valid: YesNo,
    reason: Absent.optional(Schema.String),
    /** The smallest investment the configuration takes. */
    minInvestment: Decimal
  })
)
export interface Validation extends Schema.Schema.Type<typeof Validation> {}

const post = <Req, ReqEncoded, Data, DataEncoded>(
  path: string,
  name: string,
  request: Schema.Schema<Req, ReqEncoded>,
  data: Schema.Schema<Data, DataEncoded>,
  errors: ReadonlyArray<"InsufficientBalance"> = []
) =>
  Endpoint.post(`/api/v3/trade/grid/${path}`, {
    name: `unified.gridBot.${name}`,
    signed: true,
    rateLimit: RateLimit.uid(1),
    errors,
    request,
    data
  })

export const Validate = Lazy.value(() =>
  post("validate", "validate", Named.as<ValidateRequest>()(ValidateRequest), Named.as<Validation>()(Validation))
)
/** `POST /api/v3/trade/grid/validate`: whether a spot or futures grid is legal, and its minimum investment; nothing is created. 1/s per UID. */
export const validate = Operation.make(Validate)

export const BotResult = Lazy.schema(() => Schema.Struct({ botId: Schema.String }))
export interface BotResult extends Schema.Schema.Type<typeof BotResult> {}

/** The request of `createBot`. */
export const CreateBotRequest = Lazy.schema(() =>
  Schema.Struct({
    category: GridCategory,
    symbol: Limit.NonEmpty,
    ...range,
    investmentAmount,
    fundsSource: Schema.Array(FundsSource).pipe(Schema.filter((l) => l.length > 0 || "fundsSource: at least one")),
    autoReserveMargin: Schema.optional(YesNo),
    terminationSell: Schema.optional(YesNo),
    slippage: Schema.optional(Schema.String),
    ...gridOptions
  }).pipe(Schema.filter(priceRange), Schema.filter(futuresHasType))
)
export interface CreateBotRequest extends Schema.Schema.Type<typeof CreateBotRequest> {}

export const CreateBot = Lazy.value(() =>
  post(
    "create-bot",
    "createBot",
    Named.as<CreateBotRequest>()(CreateBotRequest),
    Named.as<BotResult>()(BotResult),
    ["InsufficientBalance"]
  )
)
/**
 * `POST /api/v3/trade/grid/create-bot`: starts a spot or futures grid; its investment leaves the
 * balance at once (25202 if it cannot). Not retried: a second call is a second bot. 1/s per UID.
 */
export const createBot = Operation.make(CreateBot)

/** The request of `modifyBot`. */
export const ModifyBotRequest = Lazy.schema(() =>
  Schema.Struct({
    botId: Limit.NonEmpty,
    /** Omitted: cleared (go-bitget). */
    takeProfit: Schema.optional(PositiveDecimalInput),
    stopLoss: Schema.optional(PositiveDecimalInput),
    terminationCondition: Schema.optional(TerminationCondition),
    terminationParams: Schema.optional(Schema.Array(IndicatorParams)),
    hodlMode: Schema.optional(YesNo),
    autoTransferProfits: Schema.optional(YesNo)
  })
)
export interface ModifyBotRequest extends Schema.Schema.Type<typeof ModifyBotRequest> {}

export const ModifyBot = Lazy.value(() =>
  post(
    "modify-bot",
    "modifyBot",
    Named.as<ModifyBotRequest>()(ModifyBotRequest),
    Named.as<BotResult>()(BotResult)
  )
)
/** `POST /api/v3/trade/grid/modify-bot`: a running grid's take-profit, stop-loss and switches (an omitted TP/SL is cleared). 1/s per UID. */
export const modifyBot = Operation.make(ModifyBot)

const intervalFields = Lazy.value(() => ({
  botId: Limit.NonEmpty,
  minPrice: PositiveDecimalInput,
  maxPrice: PositiveDecimalInput,
  gridNum: GridNum
}))

/** The request of `modifyGridInterval`. */
export const ModifyGridIntervalRequest = Lazy.schema(() =>
  Schema.Struct({ category: GridCategory, ...intervalFields }).pipe(Schema.filter(priceRange))
)
export interface ModifyGridIntervalRequest extends Schema.Schema.Type<typeof ModifyGridIntervalRequest> {}

export const ModifyGridInterval = Lazy.value(() =>
  post(
    "modify-grid-interval",
    "modifyGridInterval",
    Named.as<ModifyGridIntervalRequest>()(ModifyGridIntervalRequest),
    Named.as<BotResult>()(BotResult)
  )
)
/** `POST /api/v3/trade/grid/modify-grid-interval`: moves a running grid's price range and level count. 1/s per UID. */
export const modifyGridInterval = Operation.make(ModifyGridInterval)

/** The request of `addInvestment`. */
export const AddInvestmentRequest = Lazy.schema(() =>
  Schema.Struct({
    category: GridCategory,
    botId: Limit.NonEmpty,
    coin: Limit.NonEmpty,
    size: PositiveDecimalInput,
    fundsSource: Schema.Array(FundsSource),
    /** Futures grids only, where it is required: `decrease` takes investment out. */
    adjustType: Schema.optional(Spelling.literal("increase", "decrease")),
    reinvestProfit: Schema.optional(YesNo)
  }).pipe(
    Schema.filter((r) =>
      Spelling.is(r.category, "SPOT") || r.adjustType !== undefined || "adjustType: required for a futures grid"
    )
  )
)
export interface AddInvestmentRequest extends Schema.Schema.Type<typeof AddInvestmentRequest> {}

export const AddInvestment = Lazy.value(() =>
  post(
    "add-investment",
    "addInvestment",
    Named.as<AddInvestmentRequest>()(AddInvestmentRequest),
    Named.as<BotResult>()(BotResult),
    ["InsufficientBalance"]
  )
)
/** `POST /api/v3/trade/grid/add-investment`: more investment into a running grid (futures: or out of it). 1/s per UID. */
export const addInvestment = Operation.make(AddInvestment)

export const CloseBot = Lazy.value(() =>
  post("close-bot", "closeBot", Schema.Struct({ botId: Limit.NonEmpty }), Schema.Unknown)
)
/** `POST /api/v3/trade/grid/close-bot`: terminates a grid (or neutral grid); its investment and profit return to the balance. 1/s per UID. */
export const closeBot = Operation.make(CloseBot)

export const BotDetail = Lazy.schema(() =>
  Schema.Struct({
    botId: Schema.String,
    symbol: Schema.String,
    status: GridStatus,
    totalProfit: Decimal,
    roi: Decimal,
    gridProfit: Decimal,
    gridProfitRate: Decimal,
    unpairedProfit: Decimal,
    unpairedProfitRate: Decimal,
    margin: Absent.optional(Decimal),
    arbitrageAPR: Decimal,
    totalAPR: Decimal,
    createdTime: Timestamp,
    /** Milliseconds the bot has run (a duration, not a time). */
    runningTime: Decimal,
    currentBaseBalance: Absent.optional(Decimal),
    currentQuoteBalance: Absent.optional(Decimal),
    initialBaseHoldings: Absent.optional(Decimal),
    initialQuoteHoldings: Absent.optional(Decimal),
    gridStartPrice: Decimal,
    gridType: Absent.optional(OpenEnum("long", "short", "netural")),
    maxPrice: Decimal,
    minPrice: Decimal,
    gridNum: Schema.NumberFromString,
    gridOrderMode: OpenEnum("arithmetic", "geometric"),
    baseInvestmentCoin: Absent.optional(Schema.String),
    baseInvestmentAmount: Absent.optional(Decimal),
    quoteInvestmentCoin: Absent.optional(Schema.String),
    quoteInvestmentAmount: Absent.optional(Decimal),
    triggerPrice: Absent.optional(Decimal),
    stopLoss: Absent.optional(Decimal),
    takeProfit: Absent.optional(Decimal),
    hodlMode: Absent.optional(YesNo),
    autoTransferProfits: Absent.optional(YesNo),
    arbitrageCount: Schema.NumberFromString,
    /** Set once the bot stopped (`MANUAL_END`, `STOP_LOSS_END`, …). */
    terminationReason: Absent.optional(Schema.String)
  })
)
export interface BotDetail extends Schema.Schema.Type<typeof BotDetail> {}

const get = <Data, DataEncoded>(
  path: string,
  name: string,
  perSecond: number,
  data: Schema.Schema<Data, DataEncoded>
) =>
  Endpoint.get(`/api/v3/trade/grid/${path}`, {
    name: `unified.gridBot.${name}`,
    signed: true,
    rateLimit: RateLimit.uid(perSecond),
    request: Schema.Struct({ botId: Limit.NonEmpty }),
    data
  })

export const GetBotDetail = Lazy.value(() => get("bot-detail", "botDetail", 10, Named.as<BotDetail>()(BotDetail)))
/** `GET /api/v3/trade/grid/bot-detail`: a spot or futures grid's configuration, state and profit. 10/s per UID. */
export const botDetail = Operation.make(GetBotDetail)

export const GridOrder = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    delegateCount: Decimal,
    delegatePrice: Decimal,
    /** The move, in percent without sign, the price needs to fill it (1 is 1%). */
    changeRequired: Decimal
  })
)
export interface GridOrder extends Schema.Schema.Type<typeof GridOrder> {}

export const OrderDetails = Lazy.schema(() =>
  Schema.Struct({
    botId: Schema.String,
    symbol: Schema.String,
    buyOrderList: Schema.Array(GridOrder),
    sellOrderList: Schema.Array(GridOrder)
  })
)
export interface OrderDetails extends Schema.Schema.Type<typeof OrderDetails> {}

export const ListDetails = Lazy.value(() =>
  get("list-details", "listDetails", 1, Named.as<OrderDetails>()(OrderDetails))
)
/** `GET /api/v3/trade/grid/list-details`: a grid's resting buy and sell orders. 1/s per UID. */
export const listDetails = Operation.make(ListDetails)

/** The request of `validateNeutral`. */
export const ValidateNeutralRequest = Lazy.schema(() =>
  Schema.Struct({
    category: NeutralCategory,
    symbol: Limit.NonEmpty,
    ...range,
    leverage: Schema.optional(Schema.NumberFromString.pipe(Schema.int(), Schema.positive())),
    investmentAmount: Schema.optional(investmentAmount),
    triggerPrice: Schema.optional(PositiveDecimalInput),
    stopLoss: Schema.optional(PositiveDecimalInput),
    takeProfit: Schema.optional(PositiveDecimalInput),
    autoTransferProfits: Schema.optional(YesNo)
  }).pipe(Schema.filter(priceRange))
)
export interface ValidateNeutralRequest extends Schema.Schema.Type<typeof ValidateNeutralRequest> {}

export const ValidateNeutral = Lazy.value(() =>
  post(
    "validate-neutral",
    "validateNeutral",
    Named.as<ValidateNeutralRequest>()(ValidateNeutralRequest),
    Named.as<Validation>()(Validation)
  )
)
/** `POST /api/v3/trade/grid/validate-neutral`: whether a neutral futures grid is legal; nothing is created. 1/s per UID. */
export const validateNeutral = Operation.make(ValidateNeutral)

/** The request of `createNeutralBot`. */
export const CreateNeutralBotRequest = Lazy.schema(() =>
  Schema.Struct({
    category: NeutralCategory,
    symbol: Limit.NonEmpty,
    ...range,
    fundsSource: Schema.Array(FundsSource).pipe(Schema.filter((l) => l.length > 0 || "fundsSource: at least one")),
    leverage: Schema.optional(Schema.NumberFromString.pipe(Schema.int(), Schema.positive())),
    investmentAmount: Schema.optional(investmentAmount),
    triggerPrice: Schema.optional(PositiveDecimalInput),
    stopLoss: Schema.optional(PositiveDecimalInput),
    takeProfit: Schema.optional(PositiveDecimalInput),
    autoTransferProfits: Schema.optional(YesNo)
  }).pipe(Schema.filter(priceRange))
)
export interface CreateNeutralBotRequest extends Schema.Schema.Type<typeof CreateNeutralBotRequest> {}

export const CreateNeutralBot = Lazy.value(() =>
  post(
    "create-neutral-bot",
    "createNeutralBot",
    Named.as<CreateNeutralBotRequest>()(CreateNeutralBotRequest),
    Named.as<BotResult>()(BotResult),
    ["InsufficientBalance"]
  )
)
/** `POST /api/v3/trade/grid/create-neutral-bot`: starts a neutral futures grid (long and short inside the range). Not retried. 1/s per UID. */
export const createNeutralBot = Operation.make(CreateNeutralBot)

/** The request of `modifyNeutralBot`. */
export const ModifyNeutralBotRequest = Lazy.schema(() =>
  Schema.Struct({
    category: NeutralCategory,
    botId: Limit.NonEmpty,
    takeProfit: Schema.optional(PositiveDecimalInput),
    stopLoss: Schema.optional(PositiveDecimalInput),
    autoTransferProfits: Schema.optional(YesNo)
  })
)
export interface ModifyNeutralBotRequest extends Schema.Schema.Type<typeof ModifyNeutralBotRequest> {}

export const ModifyNeutralBot = Lazy.value(() =>
  post(
    "modify-neutral-bot",
    "modifyNeutralBot",
    Named.as<ModifyNeutralBotRequest>()(ModifyNeutralBotRequest),
    Named.as<BotResult>()(BotResult)
  )
)
/** `POST /api/v3/trade/grid/modify-neutral-bot`: a running neutral grid's take-profit, stop-loss and profit transfer. 1/s per UID. */
export const modifyNeutralBot = Operation.make(ModifyNeutralBot)

/** The request of `modifyNeutralGridInterval`. */
export const ModifyNeutralGridIntervalRequest = Lazy.schema(() =>
  Schema.Struct({ category: NeutralCategory, ...intervalFields }).pipe(Schema.filter(priceRange))
)
export interface ModifyNeutralGridIntervalRequest extends Schema.Schema.Type<typeof ModifyNeutralGridIntervalRequest> {}

export const ModifyNeutralGridInterval = Lazy.value(() =>
  post(
    "modify-neutral-grid-interval",
    "modifyNeutralGridInterval",
    Named.as<ModifyNeutralGridIntervalRequest>()(ModifyNeutralGridIntervalRequest),
    Named.as<BotResult>()(BotResult)
  )
)
/** `POST /api/v3/trade/grid/modify-neutral-grid-interval`: moves a neutral grid's range and level count. 1/s per UID. */
export const modifyNeutralGridInterval = Operation.make(ModifyNeutralGridInterval)

export const NeutralBotDetail = Lazy.schema(() =>
  Schema.Struct({
    botId: Schema.String,
    symbol: Schema.String,
    status: GridStatus,
    totalProfit: Decimal,
    roi: Decimal,
    gridProfit: Decimal,
    gridProfitRate: Decimal,
    unpairedProfit: Decimal,
    unpairedProfitRate: Decimal,
    margin: Decimal,
    arbitrageAPR: Decimal,
    totalAPR: Decimal,
    createdTime: Timestamp,
    runningTime: Decimal,
    gridStartPrice: Decimal,
    maxPrice: Decimal,
    minPrice: Decimal,
    gridNum: Schema.NumberFromString,
    gridOrderMode: OpenEnum("arithmetic", "geometric"),
    triggerPrice: Absent.optional(Decimal),
    leverage: Schema.NumberFromString,
    stopLoss: Absent.optional(Decimal),
    takeProfit: Absent.optional(Decimal),
    holdAveragePrice: Absent.optional(Decimal),
    holdPosition: Absent.optional(Decimal),
    oneGridMinProfit: Decimal,
    oneGridMaxProfit: Decimal,
    autoTransferProfits: Absent.optional(YesNo)
  })
)
export interface NeutralBotDetail extends Schema.Schema.Type<typeof NeutralBotDetail> {}

export const GetNeutralBotDetail = Lazy.value(() =>
  get("neutral-bot-detail", "neutralBotDetail", 10, Named.as<NeutralBotDetail>()(NeutralBotDetail))
)
/** `GET /api/v3/trade/grid/neutral-bot-detail`: a neutral grid's configuration, state and profit. 10/s per UID. */
export const neutralBotDetail = Operation.make(GetNeutralBotDetail)

export const NeutralListDetails = Lazy.value(() =>
  get("neutral-list-details", "neutralListDetails", 1, Named.as<OrderDetails>()(OrderDetails))
)
/** `GET /api/v3/trade/grid/neutral-list-details`: a neutral grid's resting buy and sell orders. 1/s per UID. */
export const neutralListDetails = Operation.make(NeutralListDetails)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Validate,
  CreateBot,
  ModifyBot,
  ModifyGridInterval,
  AddInvestment,
  CloseBot,
  GetBotDetail,
  ListDetails,
  ValidateNeutral,
  CreateNeutralBot,
  ModifyNeutralBot,
  ModifyNeutralGridInterval,
  GetNeutralBotDetail,
  NeutralListDetails
]
