/**
 * Runs before every test file. @effect/vitest's `layer(...)` (0.30) installs its runtime by
 * assigning `effect`, `scoped`, `layer`, `prop` and `flakyTest` onto vitest's own `it` object,
 * which is shared by every file a worker runs when files are not isolated: after a file's
 * `layer(env, { excludeTestServices: true })` block, the next file's plain `it.effect` ran with
 * that (closed) layer's live services instead of the TestClock (`testClock.adjust is not a
 * function`), depending on which files shared a worker. The methods are put back as the module
 * made them before each file runs.
 */
import { it } from "@effect/vitest"

const key = Symbol.for("effect-bitget/test/pristine-it")
const store = globalThis as { [key]?: Partial<typeof it> }
store[key] ??= {
  effect: it.effect,
  scoped: it.scoped,
  layer: it.layer,
  prop: it.prop,
  flakyTest: it.flakyTest
}
Object.assign(it, store[key])
