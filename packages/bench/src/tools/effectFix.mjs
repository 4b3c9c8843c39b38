// `node --import ./effectFix.mjs …`: loads Effect 3.22 with its function literals that are assigned to a property
// bound to a name first (FINDINGS §23). V8's parser pretenures a function literal assigned to a property, so
// `op.effect = () => effect` in `Channel.fromEffect` (and the resume of `Effect.async`) allocates the closure in
// the old generation on every call; dead there, it keeps what it captured alive through young collections. For
// measurements only ("what if Effect were fixed"): node_modules is not touched, `EFFECT_FIX=0` turns it off.
import { register } from "node:module"
import { isMainThread } from "node:worker_threads"

if (isMainThread) register(import.meta.url)

const fixes = {
  "/effect/dist/esm/internal/core-stream.js": [
    ["op.effect = () => effect;", "const thunk = () => effect;\n  op.effect = thunk;"]
  ],
  "/effect/dist/esm/internal/core.js": [
    ["    effect.effect_instruction_i0 = resume => {\n      backingResume = resume;", "    const register = resume => {\n      backingResume = resume;"],
    [
      "    effect.effect_instruction_i1 = blockingOn;\n    let cancelerRef = undefined;",
      "    effect.effect_instruction_i0 = register;\n    effect.effect_instruction_i1 = blockingOn;\n    let cancelerRef = undefined;"
    ]
  ]
}

export async function load(url, context, next) {
  const result = await next(url, context)
  if (process.env.EFFECT_FIX === "0") return result
  const edits = Object.entries(fixes).find(([suffix]) => url.endsWith(suffix))?.[1]
  if (edits === undefined) return result
  let source = result.source.toString()
  for (const [from, to] of edits) {
    if (!source.includes(from)) throw new Error(`effectFix: ${url} no longer contains ${JSON.stringify(from)}`)
    source = source.replace(from, to)
  }
  return { ...result, source, shortCircuit: true }
}
