/**
 * `internal/labels.ts`: the metric label sets the recorders pass to Effect are made once per tag
 * value and kept. What is kept is the array's identity (Effect's registry compares it first), so
 * that is what is asserted, beside each set's contents.
 */
import { labels1, labels2 } from "@effect-bitget/core/internal/labels"
import { describe, expect, it } from "@effect/vitest"
import * as MetricLabel from "effect/MetricLabel"

const pairs = (labels: ReadonlyArray<MetricLabel.MetricLabel>) => labels.map((label) => [label.key, label.value])

describe("metric label sets", () => {
  it("one tag: the same array for the same key and value, another for another value or key", () => {
    const first = labels1("endpoint", "spot.market.tickers")
    expect(pairs(first)).toEqual([["endpoint", "spot.market.tickers"]])
    expect(labels1("endpoint", "spot.market.tickers")).toBe(first)
    const other = labels1("endpoint", "spot.market.orderbook")
    expect(pairs(other)).toEqual([["endpoint", "spot.market.orderbook"]])
    expect(other).not.toBe(first)
    // The same value under another key is its own set, and asking again keeps both.
    const channel = labels1("channel", "spot.market.tickers")
    expect(pairs(channel)).toEqual([["channel", "spot.market.tickers"]])
    expect(labels1("endpoint", "spot.market.tickers")).toBe(first)
    expect(labels1("channel", "spot.market.tickers")).toBe(channel)
    expect(labels1("endpoint", "spot.market.orderbook")).toBe(other)
  })

  it("two tags: kept per endpoint, key and value; an endpoint and key that join alike stay apart", () => {
    const first = labels2("e.one", "outcome", "success")
    expect(pairs(first)).toEqual([["endpoint", "e.one"], ["outcome", "success"]])
    expect(labels2("e.one", "outcome", "success")).toBe(first)
    const failed = labels2("e.one", "outcome", "RateLimitError")
    expect(pairs(failed)).toEqual([["endpoint", "e.one"], ["outcome", "RateLimitError"]])
    expect(labels2("e.one", "outcome", "success")).toBe(first)
    expect(labels2("e.one", "outcome", "RateLimitError")).toBe(failed)
    // Without a separator "ab" + "c" and "a" + "bc" would share one entry and one answer.
    const left = labels2("ab", "c", "v")
    const right = labels2("a", "bc", "v")
    expect(pairs(left)).toEqual([["endpoint", "ab"], ["c", "v"]])
    expect(pairs(right)).toEqual([["endpoint", "a"], ["bc", "v"]])
    expect(labels2("ab", "c", "v")).toBe(left)
    expect(labels2("a", "bc", "v")).toBe(right)
  })
})
