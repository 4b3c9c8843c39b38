/**
 * What the declaration builders put in a declaration: the cursor parameters Bitget documents by
 * default, the windows, the rate-limit keys. Every value is built inside its test: the lines'
 * declarations (and support.ts's) are built when their module loads, before a mutation run
 * activates a mutant, so a builder checked only through them is never measured (docs/testing.md,
 * "Core survivors (session 15)").
 */
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { describe, expect, it } from "@effect/vitest"
import * as Duration from "effect/Duration"

const millis = (value: object) =>
  Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, Duration.isDuration(field) ? Duration.toMillis(field) : field])
  )

describe("cursors", () => {
  it("default to the parameters Bitget's history lists take: idLessThan, pageNum, endTime", () => {
    // idLessThan: V2's id pagination; pageNum: the paged lists (spot transferRecords since 2024-12-16);
    // endTime: the time-walked lists (reference/bitget-docs-facts.md, "V2 pagination").
    expect(Pagination.lastRow("id")).toEqual({ _tag: "LastRow", param: "idLessThan", field: "id" })
    expect(Pagination.dataField("endId", "orderId")).toEqual({
      _tag: "Field",
      param: "idLessThan",
      field: "endId",
      id: "orderId"
    })
    expect(Pagination.page()).toEqual({ _tag: "Page", param: "pageNum" })
    expect(Pagination.before("ts")).toEqual({ _tag: "Before", param: "endTime", field: "ts" })
  })

  it("take another parameter where a list names its own", () => {
    expect(Pagination.lastRow("id", "after")).toEqual({ _tag: "LastRow", param: "after", field: "id" })
    expect(Pagination.dataField("endId", "orderId", "lastEndId")).toEqual({
      _tag: "Field",
      param: "lastEndId",
      field: "endId",
      id: "orderId"
    })
    expect(Pagination.page("pageNo")).toEqual({ _tag: "Page", param: "pageNo" })
    expect(Pagination.before("ts", "before")).toEqual({ _tag: "Before", param: "before", field: "ts" })
  })
})

describe("windows and history depths", () => {
  it("a window is startTime–endTime by default, its span decoded; a history keeps its depth and source", () => {
    expect(millis(Pagination.window("7 days", "cTime"))).toEqual({
      start: "startTime",
      end: "endTime",
      max: 7 * 86_400_000,
      field: "cTime"
    })
    expect(millis(Pagination.window("2 hours", "uTime", "begin", "end"))).toEqual({
      start: "begin",
      end: "end",
      max: 7_200_000,
      field: "uTime"
    })
    expect(millis(Pagination.history("90 days", "the page"))).toEqual({ depth: 90 * 86_400_000, source: "the page" })
  })
})

describe("rate limits", () => {
  it("uid and ip: the bucket's key, the limit, a window of one second unless given", () => {
    expect(millis(RateLimit.uid(10))).toEqual({ limit: 10, window: 1000, key: "uid" })
    expect(millis(RateLimit.ip(20))).toEqual({ limit: 20, window: 1000, key: "ip" })
    expect(millis(RateLimit.uid(3, "1 minute"))).toEqual({ limit: 3, window: 60_000, key: "uid" })
    expect(millis(RateLimit.ip(6000, "1 minute"))).toEqual(millis(RateLimit.ipCeiling))
  })
})
