/**
 * Schema-valid data from the endpoints' own schemas: values are sampled on the decoded side with
 * a seed derived from the endpoint's name (the same answer every run) and then encoded by the
 * schema, so whatever the simulator sends is what the client's decoder expects.
 */
import * as Arbitrary from "effect/Arbitrary"
import * as FastCheck from "effect/FastCheck"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"

/** A stable 32-bit seed from a string. */
export const seedOf = (text: string): number => {
  let hash = 2166136261
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619)
  return hash >>> 0
}

/** `count` decoded values of `schema`, the same ones for the same seed. */
export const sample = <A, I>(schema: Schema.Schema<A, I>, seed: number, count = 1): Array<A> =>
  FastCheck.sample(Arbitrary.make(schema), { seed, numRuns: count })

/** One decoded value of `schema`. */
export const one = <A, I>(schema: Schema.Schema<A, I>, seed: number): A => sample(schema, seed, 1)[0]!

const unwrap = (ast: AST.AST): AST.AST => {
  switch (ast._tag) {
    case "Transformation":
      return unwrap(ast.to)
    case "Refinement":
      return unwrap(ast.from)
    case "Declaration":
      // Schema.Class: its declaration carries the fields' struct as first type parameter.
      return ast.typeParameters.length > 0 ? unwrap(ast.typeParameters[0]!) : ast
    case "Suspend":
      return unwrap(ast.f())
    default:
      return ast
  }
}

const elementOf = (ast: AST.AST): AST.AST | undefined => {
  const node = unwrap(ast)
  if (node._tag === "TupleType" && node.rest.length > 0) return node.rest[0]!.type
  if (node._tag === "Union") {
    for (const member of node.types) {
      const element = elementOf(member)
      if (element !== undefined) return element
    }
  }
  return undefined
}

/**
 * The decoded-side schema of one row of a list's data: `data[list]`'s element, or `data`'s own
 * element when `list` is absent.
 */
export const rowSchema = (data: Schema.Schema.Any, list: string | undefined): Schema.Schema<any> => {
  const typeAst = AST.typeAST(data.ast)
  let arrayAst: AST.AST | undefined = typeAst
  if (list !== undefined) {
    const struct = unwrap(typeAst)
    if (struct._tag !== "TypeLiteral") throw new Error(`data of a list endpoint is not an object: ${struct._tag}`)
    arrayAst = struct.propertySignatures.find((p) => p.name === list)?.type
  }
  const element = arrayAst === undefined ? undefined : elementOf(arrayAst)
  if (element === undefined) throw new Error(`cannot find the rows (${list ?? "data"}) in a list endpoint's schema`)
  return Schema.make(element)
}
