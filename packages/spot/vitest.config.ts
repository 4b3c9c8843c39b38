import { defineProject } from "vitest/config"
import { packageTest } from "../../vitest.package.js"

export default defineProject({ test: packageTest })
