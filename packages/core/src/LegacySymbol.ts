/**
 * V1 symbols. V1 appended a business-line suffix (`BTCUSDT_SPBL`, `BTCUSDT_UMCBL`,
 * `BTCUSD_DMCBL`, `BTCPERP_CMCBL`, demo `SBTCSUSDT_SUMCBL` …); V2 drops it.
 */
const SUFFIX = /_(SPBL|UMCBL|DMCBL|CMCBL|SUMCBL|SDMCBL|SCMCBL|MARGIN)$/i

/** `BTCUSDT_SPBL` → `BTCUSDT`. A V2 symbol is returned unchanged. */
export const toV2 = (symbol: string): string => symbol.replace(SUFFIX, "")

/** Whether a symbol still carries a V1 suffix. */
export const isV1 = (symbol: string): boolean => SUFFIX.test(symbol)
