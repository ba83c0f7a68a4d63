import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The lint rules that keep the layers (biome.json), tried on a small tree laid out like ours: each
 * deliberate break must fail `biome lint`, and the same tree without it must pass.
 */

const BIOME = path.join(process.cwd(), "node_modules", ".bin", "biome");
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function lint(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), "greenscape-lint-"));
  folders.push(root);
  const config = JSON.parse(readFileSync("biome.json", "utf8"));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(path.join(root, "biome.json"), JSON.stringify(config));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  const run = spawnSync(BIOME, ["lint", "--max-diagnostics=50", "."], { cwd: root, encoding: "utf8" });
  return { passed: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

const clean = {
  "src/server/booking/make.ts": 'import { price } from "./price";\nexport const make = () => price();\n',
  "src/server/booking/price.ts": "export const price = () => 1;\n",
  "src/server/api/router.ts": 'import { make } from "@/server/booking/make";\nexport const router = { make };\n',
  // A domain's router is the API's face of the domain: it may use the procedure builders.
  "src/server/booking/router.ts": 'import { t } from "@/server/api/trpc";\nexport const bookingRouter = t;\n',
  "src/components/card.tsx": 'import { price } from "@/server/booking/price";\nexport const Card = () => price();\n',
};

describe("the lint rules that keep the layers", () => {
  it("pass a tree that keeps them", () => {
    const result = lint(clean);
    expect(result.output).not.toMatch(/noImportCycles|noRestrictedImports/);
    expect(result.passed, result.output).toBe(true);
  });

  it("refuse an import cycle, a type-only one included", () => {
    const result = lint({
      ...clean,
      "src/server/booking/price.ts":
        'import type { make } from "./make";\nexport const price = (): ReturnType<typeof make> | number => 1;\n',
    });
    expect(result.passed).toBe(false);
    expect(result.output).toContain("noImportCycles");
  });

  it("refuse domain code that imports the API plumbing or the HTTP layer", () => {
    for (const target of ["@/server/api/router", "@/server/http/rest-handler", "../api/router"]) {
      const result = lint({ ...clean, "src/server/booking/upward.ts": `import { x } from "${target}";\nexport const y = x;\n` });
      expect(result.passed, target).toBe(false);
      expect(result.output).toContain("noRestrictedImports");
    }
  });

  it("refuse a component that reaches the database", () => {
    const result = lint({
      ...clean,
      "src/components/rows.tsx": 'import { getDb } from "@/server/db";\nexport const Rows = () => getDb();\n',
    });
    expect(result.passed).toBe(false);
    expect(result.output).toContain("noRestrictedImports");
  });
});
