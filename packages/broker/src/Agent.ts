/**
 * An affiliate (agent) and its customers (`/api/v2/broker/...` agent pages): commissions by
 * customer and in detail, the customers' KYC results, sub-customers, assets, deposits, trading
 * volumes and the customer list, and creating an agent's sub-account
 * (https://www.bitget.com/api-doc/affiliate/intro and its pages).
 *
 * The customer-* reads are `POST` with a JSON body (Bitget's pages and bitget-api agree); their pages
 * give 10/s per UID, as the others are taken to.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { YesNo } from "@effect-bitget/core/Flag"
import { IdNumber } from "@effect-bitget/core/Id"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"

const A = "https://www.bitget.com/api-doc/affiliate"
// The customer-* pages: "pageSize … Page size, 100 default, Max 1000"
// (https://www.bitget.com/api-doc/affiliate/customerInfo/GetCustomerList and its neighbours). The
// cursor lists print no maximum: 100 assumed (a short page does not end a walk).
const range = { startTime: Schema.optional(Limit.Time), endTime: Schema.optional(Limit.Time) }
/** Which customers a customer-* read covers: one (`uid`), and whether their sub-accounts are included. */
const customers = {
  uid: Schema.optional(Schema.String),
  showSub: Schema.optional(YesNo)
}
const pages = { pageNo: Schema.optional(Limit.PageNumber), pageSize: Schema.optional(Limit.PageSize) }
/** The cursor lists' query (`GET`). */
const cursorQuery = {
  ...range,
  idLessThan: Schema.optional(Limit.Cursor),
  limit: Schema.optional(Limit.PageSize),
  ...customers
}
/** The page lists' JSON body (`POST`). */
const pageBody = { ...range, ...pages, ...customers }
const byPage = (page: string) => ({
  cursor: Pagination.page("pageNo"),
  limit: { param: "pageSize", max: 1000, source: `${A}/customerInfo/${page}` }
})

/**
 * `Endpoint.list` declares a `GET`; these reads are `POST`s whose page number travels in the JSON
 * body. The client sends a declaration's request by its method, and its Streams walk `pageNo`
 * the same way either way.
 */
const posted = <E extends Endpoint.Endpoint.Any>(endpoint: E): E => ({ ...endpoint, method: "POST" })

export const AgentCommissionRow = Schema.Struct({
  uid: Schema.String,
  bizType: OpenEnum("spot", "futures"),
  subBizType: Absent.optional(Schema.String),
  symbol: Absent.optional(Schema.String),
  coin: Absent.optional(Schema.String),
  fee: Absent.optional(Decimal),
  volume: Absent.optional(Decimal),
  feePaid: Absent.optional(Decimal),
  directCommission: Absent.optional(Decimal),
  subCommission: Absent.optional(Decimal),
  partnerCommission: Absent.optional(Decimal),
  partnerActualCommission: Absent.optional(Decimal),
  status: OpenEnum("settled", "unsettled", "notIssued"),
  startCalculationTime: Absent.optional(Timestamp),
  endCalculationTime: Absent.optional(Timestamp)
})
export interface AgentCommissionRow extends Schema.Schema.Type<typeof AgentCommissionRow> {}

export const AgentCommissionRequest = Schema.Struct({
  ...range,
  limit: Schema.optional(Limit.PageSize),
  idLessThan: Schema.optional(Limit.Cursor)
})
export interface AgentCommissionRequest extends Schema.Schema.Type<typeof AgentCommissionRequest> {}

export const AgentCommission = Endpoint.list("/api/v2/broker/agent-commission", {
  name: "broker.agent.agentCommission",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<AgentCommissionRequest>()(AgentCommissionRequest),
  data: Schema.Struct({
    commissionList: Schema.Array(Named.as<AgentCommissionRow>()(AgentCommissionRow)),
    endId: Absent.optional(Schema.String)
  }),
  pagination: {
    list: "commissionList",
    cursor: Pagination.dataField("endId", "id"),
    limit: { param: "limit", max: 100, source: `${A}/commission/GetAgentCommissionDetail` }
  }
})
/**
 * `GET /api/v2/broker/agent-commission`: the agent's commission in detail (direct, from
 * sub-agents, as a partner), per customer and line, with its settlement status; cursor `endId`.
 * Beyond the specification's list (https://www.bitget.com/api-doc/affiliate/Get-Agent-Commission-Detail).
 * 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`).
 */
export const agentCommission = Operation.make(AgentCommission)

// The fields after `fee` and their meanings: the page's example as recorded by JKorf/Bitget.Net
// (Bitget.Net.UnitTests/Endpoints/Broker/GetAgentDirectCommissions.txt, its
// BitgetBrokerAgentDirectCommissionItem). All are decimal strings; a missing one is absent.
export const CustomerCommissionRow = Schema.Struct({
  uid: Schema.String,
  date: Timestamp,
  coin: Absent.optional(Schema.String),
  symbol: Absent.optional(Schema.String),
  productType: Absent.optional(Schema.String),
  dealAmount: Absent.optional(Decimal),
  fee: Absent.optional(Decimal),
  /** Trading fee deducted (maker + taker). */
  feeDeduction: Absent.optional(Decimal),
  /** Fees offset by experience funds. */
  activityBonusDeduct: Absent.optional(Decimal),
  /** Fees offset by spot cashback coupons. */
  spotCouponDeduct: Absent.optional(Decimal),
  /** Fees offset by futures airdrop coupons. */
  futuresCouponDeduct: Absent.optional(Decimal),
  /** Fees reduced by spot fee discounts. */
  spotFeeDiscountDeduct: Absent.optional(Decimal),
  /** Fees offset by negative maker fees. */
  negativeMakerFeeDeduct: Absent.optional(Decimal),
  feePaid: Absent.optional(Decimal),
  /** The partner's commission (maker + taker). */
  rebateAmount: Decimal,
  /** The customer's own commission (maker + taker). */
  userTotalRebateAmount: Absent.optional(Decimal),
  /** The day's total commission (maker + taker). */
  dayTotalRebateAmount: Absent.optional(Decimal),
  /** The commission accumulated over all days (maker + taker). */
  totalRebateAmount: Absent.optional(Decimal)
})
export interface CustomerCommissionRow extends Schema.Schema.Type<typeof CustomerCommissionRow> {}

export const CustomerCommissionsRequest = Schema.Struct({
  ...cursorQuery,
  coin: Schema.optional(Schema.String),
  symbol: Schema.optional(Schema.String)
})
export interface CustomerCommissionsRequest extends Schema.Schema.Type<typeof CustomerCommissionsRequest> {}

export const CustomerCommissions = Endpoint.list("/api/v2/broker/customer-commissions", {
  name: "broker.agent.customerCommissions",
  signed: true,
  // 10/s per UID (../shared/reference/rate-limits.tsv).
  rateLimit: RateLimit.uid(10),
  request: Named.as<CustomerCommissionsRequest>()(CustomerCommissionsRequest),
  data: Schema.Struct({
    commissionList: Schema.Array(Named.as<CustomerCommissionRow>()(CustomerCommissionRow)),
    endId: Absent.optional(Schema.String)
  }),
  pagination: {
    list: "commissionList",
    cursor: Pagination.dataField("endId", "id"),
    limit: { param: "limit", max: 100, source: `${A}/commission/GetAgentDirectCommissions` }
  }
})
/**
 * `GET /api/v2/broker/customer-commissions`: the rebate each customer's trading earned, day by day;
 * cursor `endId`. Beyond the specification's list
 * (https://www.bitget.com/api-doc/affiliate/Get-Agent-Direct-Commissions). 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`).
 */
export const customerCommissions = Operation.make(CustomerCommissions)

export const CustomerKycResultRequest = Schema.Struct(cursorQuery)
export interface CustomerKycResultRequest extends Schema.Schema.Type<typeof CustomerKycResultRequest> {}

/** A customer's KYC result. */
export const CustomerKyc = Schema.Struct({ uid: Schema.String, kycResult: OpenEnum("passed", "not_passed") })
export interface CustomerKyc extends Schema.Schema.Type<typeof CustomerKyc> {}

export const CustomerKycPage = Schema.Struct({
  userList: Schema.Array(Named.as<CustomerKyc>()(CustomerKyc)),
  endId: Absent.optional(Schema.String)
})
export interface CustomerKycPage extends Schema.Schema.Type<typeof CustomerKycPage> {}

export const CustomerKycResult = Endpoint.list("/api/v2/broker/customer-kyc-result", {
  name: "broker.agent.customerKycResult",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<CustomerKycResultRequest>()(CustomerKycResultRequest),
  data: Named.as<CustomerKycPage>()(CustomerKycPage),
  pagination: {
    list: "userList",
    cursor: Pagination.dataField("endId", "uid"),
    limit: { param: "limit", max: 100, source: `${A}/customerInfo/GetCustomerKycResult` }
  }
})
/**
 * `GET /api/v2/broker/customer-kyc-result`: whether each customer passed KYC; cursor `endId`. Beyond
 * the specification's list (https://www.bitget.com/api-doc/affiliate/Get-Agent-Customer-Kyc-Result).
 * 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`).
 */
export const customerKycResult = Operation.make(CustomerKycResult)

export const SubCustomerListRequest = Schema.Struct(cursorQuery)
export interface SubCustomerListRequest extends Schema.Schema.Type<typeof SubCustomerListRequest> {}

/** A sub-customer and when it registered. */
export const SubCustomer = Schema.Struct({ uid: Schema.String, registerTime: Timestamp })
export interface SubCustomer extends Schema.Schema.Type<typeof SubCustomer> {}

export const SubCustomerPage = Schema.Struct({
  list: Schema.Array(Named.as<SubCustomer>()(SubCustomer)),
  minId: Absent.optional(Schema.String)
})
export interface SubCustomerPage extends Schema.Schema.Type<typeof SubCustomerPage> {}

export const SubCustomerList = Endpoint.list("/api/v2/broker/sub-customer-list", {
  name: "broker.agent.subCustomerList",
  signed: true,
  // 10/s per UID (../shared/reference/rate-limits.tsv).
  rateLimit: RateLimit.uid(10),
  request: Named.as<SubCustomerListRequest>()(SubCustomerListRequest),
  data: Named.as<SubCustomerPage>()(SubCustomerPage),
  pagination: {
    list: "list",
    cursor: Pagination.dataField("minId", "uid"),
    limit: { param: "limit", max: 100, source: `${A}/customerInfo/GetSubCustomerList` }
  }
})
/**
 * `GET /api/v2/broker/sub-customer-list`: the customers of the agent's sub-agents, with their
 * registration times; cursor `minId`. Beyond the specification's list
 * (https://www.bitget.com/api-doc/affiliate/Get-Agent-Subcustomer-List). 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 100 a page (`limit`).
 */
export const subCustomerList = Operation.make(SubCustomerList)

export const CustomerBalance = Schema.Struct({
  uid: Schema.String,
  /** In USDT. */
  balance: Decimal,
  uTime: Absent.optional(Timestamp),
  remark: Absent.optional(Schema.String)
})
export interface CustomerBalance extends Schema.Schema.Type<typeof CustomerBalance> {}

export const CustomerAssetRequest = Schema.Struct({ ...pages, ...customers })
export interface CustomerAssetRequest extends Schema.Schema.Type<typeof CustomerAssetRequest> {}

export const CustomerAsset = posted(Endpoint.list("/api/v2/broker/customer-asset", {
  name: "broker.agent.customerAsset",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // A balance now: no time range.
  request: Named.as<CustomerAssetRequest>()(CustomerAssetRequest),
  data: Schema.Array(Named.as<CustomerBalance>()(CustomerBalance)),
  pagination: byPage("GetCustomerAssets")
}))
/**
 * `POST /api/v2/broker/customer-asset`: each customer's assets in USDT, page by page. A read sent as
 * `POST` with a JSON body. Beyond the specification's list
 * (https://www.bitget.com/api-doc/affiliate/Get-Agent-Customer-Assets-List). 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 1000 a page (`pageSize`).
 */
export const customerAsset = Operation.make(CustomerAsset)

export const CustomerDepositRecord = Schema.Struct({
  orderId: Schema.String,
  uid: Schema.String,
  depositTime: Timestamp,
  depositCoin: Schema.String,
  depositAmount: Decimal
})
export interface CustomerDepositRecord extends Schema.Schema.Type<typeof CustomerDepositRecord> {}

export const CustomerDepositRequest = Schema.Struct(pageBody)
export interface CustomerDepositRequest extends Schema.Schema.Type<typeof CustomerDepositRequest> {}

export const CustomerDeposit = posted(Endpoint.list("/api/v2/broker/customer-deposit", {
  name: "broker.agent.customerDeposit",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<CustomerDepositRequest>()(CustomerDepositRequest),
  data: Schema.Array(Named.as<CustomerDepositRecord>()(CustomerDepositRecord)),
  pagination: byPage("GetCustomerDeposit")
}))
/**
 * `POST /api/v2/broker/customer-deposit`: the customers' deposits, page by page (a read sent as
 * `POST`). Beyond the specification's list
 * (https://www.bitget.com/api-doc/affiliate/Get-Agent-Customer-Deposit-List). 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 1000 a page (`pageSize`).
 */
export const customerDeposit = Operation.make(CustomerDeposit)

export const Customer = Schema.Struct({
  /**
   * A JSON number in Bitget's answer (the page's example, recorded by JKorf/Bitget.Net's unit
   * tests: `"uid": 1234567`); read from a number or a string into the id as a string.
   */
  uid: IdNumber,
  registerTime: Timestamp
})
export interface Customer extends Schema.Schema.Type<typeof Customer> {}

export const CustomerListRequest = Schema.Struct({ ...pageBody, referralCode: Schema.optional(Schema.String) })
export interface CustomerListRequest extends Schema.Schema.Type<typeof CustomerListRequest> {}

export const CustomerList = posted(Endpoint.list("/api/v2/broker/customer-list", {
  name: "broker.agent.customerList",
  signed: true,
  // 10/s per UID (../shared/reference/rate-limits.tsv).
  rateLimit: RateLimit.uid(10),
  request: Named.as<CustomerListRequest>()(CustomerListRequest),
  data: Schema.Array(Named.as<Customer>()(Customer)),
  pagination: byPage("GetCustomerList")
}))
/**
 * `POST /api/v2/broker/customer-list`: the agent's customers (by `referralCode` when given), with
 * their registration times, page by page (a read sent as `POST`). Beyond the specification's list
 * (https://www.bitget.com/api-doc/affiliate/Get-Agent-Customer-List). 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 1000 a page (`pageSize`).
 */
export const customerList = Operation.make(CustomerList)

export const CustomerVolume = Schema.Struct({
  uid: Schema.String,
  /** The exchange's spelling of the total volume. */
  volumn: Decimal,
  spotVolume: Absent.optional(Decimal),
  futuresVolume: Absent.optional(Decimal),
  time: Timestamp
})
export interface CustomerVolume extends Schema.Schema.Type<typeof CustomerVolume> {}

export const CustomerTradeVolumeRequest = Schema.Struct(pageBody)
export interface CustomerTradeVolumeRequest extends Schema.Schema.Type<typeof CustomerTradeVolumeRequest> {}

export const CustomerTradeVolume = posted(Endpoint.list("/api/v2/broker/customer-trade-volume", {
  name: "broker.agent.customerTradeVolume",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<CustomerTradeVolumeRequest>()(CustomerTradeVolumeRequest),
  data: Schema.Array(Named.as<CustomerVolume>()(CustomerVolume)),
  pagination: byPage("GetCustomerTradeVolume")
}))
/**
 * `POST /api/v2/broker/customer-trade-volume`: each customer's spot and futures volume (the total is
 * spelt `volumn`), page by page (a read sent as `POST`). Beyond the specification's list
 * (https://www.bitget.com/api-doc/affiliate/Get-Agent-Customer-Trade-Volume-List). 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 1000 a page (`pageSize`).
 */
export const customerTradeVolume = Operation.make(CustomerTradeVolume)

export const CreateAgentSubaccountRequest = Schema.Struct({
  // "Lowercase letters only; max 20 characters"; "8–32 characters, letters and numbers" (bitget-api's type).
  username: Schema.String.pipe(
    Schema.pattern(/^[a-z]{1,20}$/, { message: () => "username: 1 to 20 lower-case letters" })
  ),
  passphrase: Schema.String.pipe(
    Schema.pattern(/^[A-Za-z0-9]{8,32}$/, { message: () => "passphrase: 8 to 32 letters and digits" })
  ),
  note: Schema.optional(Schema.String)
})
export interface CreateAgentSubaccountRequest extends Schema.Schema.Type<typeof CreateAgentSubaccountRequest> {}

export const AgentSubaccount = Schema.Struct({
  username: Schema.String,
  subUid: Schema.String,
  apiKey: Schema.String,
  /** Shown once: keep it as a secret (e.g. `Redacted.make`). */
  secret: Schema.String,
  note: Absent.optional(Schema.String),
  createdTime: Absent.optional(Timestamp)
})
export interface AgentSubaccount extends Schema.Schema.Type<typeof AgentSubaccount> {}

export const CreateAgentSubaccount = Endpoint.post("/api/v2/user/create-agent-subaccount", {
  name: "broker.agent.createAgentSubaccount",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<CreateAgentSubaccountRequest>()(CreateAgentSubaccountRequest),
  data: Named.as<AgentSubaccount>()(AgentSubaccount)
})
/**
 * `POST /api/v2/user/create-agent-subaccount`: creates an agent's sub-account with an API key; the
 * answer carries the key's `secret` (shown once). `username` is 1–20 lower-case letters and
 * `passphrase` 8–32 letters and digits, checked locally. Beyond the specification's list
 * (https://www.bitget.com/api-doc/affiliate/Create-Agent-Subaccount). 10/s per UID.
 */
export const createAgentSubaccount = Operation.make(CreateAgentSubaccount)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  AgentCommission,
  CustomerCommissions,
  CustomerKycResult,
  SubCustomerList,
  CustomerAsset,
  CustomerDeposit,
  CustomerList,
  CustomerTradeVolume,
  CreateAgentSubaccount
]
