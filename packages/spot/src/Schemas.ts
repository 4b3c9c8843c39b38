/**
 * Spot values shared by several modules: sides, order types, time in force, order states and
 * the self-trade prevention modes, as closed literals for requests and open enums for answers.
 */
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Schema from "effect/Schema"

/** `buy` or `sell`. */
export const Side = Schema.Literal("buy", "sell")
export const SideOut = OpenEnum("buy", "sell")

/** `limit` or `market`. */
export const OrderType = Schema.Literal("limit", "market")
export const OrderTypeOut = OpenEnum("limit", "market")

/** Time in force. Ignored by the exchange for market orders. */
export const Force = Schema.Literal("gtc", "post_only", "fok", "ioc")
export const ForceOut = OpenEnum("gtc", "post_only", "fok", "ioc")

/** `normal` orders or `tpsl` (take-profit / stop-loss) orders. */
export const TpslType = Schema.Literal("normal", "tpsl")
export const TpslTypeOut = OpenEnum("normal", "tpsl")

/** Self-trade prevention. */
export const StpMode = Schema.Literal("none", "cancel_taker", "cancel_maker", "cancel_both")
export const StpModeOut = OpenEnum("none", "cancel_taker", "cancel_maker", "cancel_both")

/** An order's state; older answers also say `init`, `new` and `full_fill`. */
export const OrderStatus = OpenEnum("live", "partially_filled", "filled", "cancelled", "init", "new", "full_fill")

/** Where an order came from (`WEB`, `API`, `SYS`, `ANDROID`, `IOS`, …). */
export const Source = OpenEnum("WEB", "API", "SYS", "ANDROID", "IOS")

/** Maker or taker side of a fill. */
export const TradeScope = OpenEnum("taker", "maker")

/** Account types of the spot wallet's transfers. */
export const AccountType = Schema.Literal(
  "spot",
  "p2p",
  "coin_futures",
  "usdt_futures",
  "usdc_futures",
  "crossed_margin",
  "isolated_margin"
)
export const AccountTypeOut = OpenEnum(...AccountType.literals)
