// One vitest project per package; each package keeps its own vitest.config.ts.
export default ["packages/*/vitest.config.ts"]
