/**
 * Institutional loans: the loan product's terms. (Bitget serves more ins-loan endpoints; the
 * specification lists this one.)
 */
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Schema from "effect/Schema"

export const ProductInfo = Schema.Struct({
  productId: Schema.String,
  /** Maximum leverage of the product (2x or 4x), as the exchange writes it. */
  leverage: Schema.String,
  /** Ratio below which transfers out are restricted. */
  transferLine: Decimal,
  /** Ratio below which spot buying is restricted. */
  spotBuyLine: Decimal,
  liquidationLine: Decimal,
  stopLiquidationLine: Decimal
})
export type ProductInfo = typeof ProductInfo.Type

export const ProductInfos = Endpoint.get("/api/v2/spot/ins-loan/product-infos", {
  name: "spot.insLoan.productInfos",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Schema.Struct({ productId: Schema.String }),
  data: ProductInfo
})

/**
 * `GET /api/v2/spot/ins-loan/product-infos`: terms of an institutional loan product. The
 * specification spells the parameter `productld`; the exchange reads `productId`. 5/s per UID.
 */
export const productInfos = Operation.make(ProductInfos)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [ProductInfos]
