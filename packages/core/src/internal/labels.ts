/**
 * Metric label sets made once per tag value and kept (`Metrics`' recorders): Effect finds a
 * metric's cell for a label set by the array's identity first, so an update with a kept array is
 * a look-up, not a new key hashed and compared. What is kept is its identity: the same arguments
 * answer the same array (`test/labels.test.ts`).
 */
import * as MetricLabel from "effect/MetricLabel"

type Labels = ReadonlyArray<MetricLabel.MetricLabel>

const one = new Map<string, Map<string, Labels>>()
const two = new Map<string, Map<string, Labels>>()

/** `[key=value]`, the same array every time. */
export const labels1 = (key: string, value: string): Labels => {
  const byValue = one.get(key) ?? keep(one, key, new Map<string, Labels>())
  return byValue.get(value) ?? keep(byValue, value, [MetricLabel.make(key, value)])
}

/**
 * `[endpoint=…, key=value]`, the same array every time. The endpoint and the key are joined with
 * a NUL, which neither holds, so `("ab", "c")` and `("a", "bc")` stay two entries.
 */
export const labels2 = (endpoint: string, key: string, value: string): Labels => {
  const outer = endpoint + "\u0000" + key
  const byValue = two.get(outer) ?? keep(two, outer, new Map<string, Labels>())
  return byValue.get(value) ??
    keep(byValue, value, [MetricLabel.make("endpoint", endpoint), MetricLabel.make(key, value)])
}

const keep = <V>(map: Map<string, V>, key: string, value: V): V => {
  map.set(key, value)
  return value
}
