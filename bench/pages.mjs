// `npm run bench:pages`: Lighthouse (mobile) scores of the public pages of the production build in
// Debian Chromium, and each page's first-load JavaScript measured as gzip bytes.
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { buildIfNeeded, freshDatabase, machine, startServer } from "./lib.mjs";
import { writeSection } from "./results-file.mjs";

// BENCH_PORT lets several checkouts bench on one machine without taking each other's port.
const PORT = Number(process.env.BENCH_PORT ?? 3310);
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const PAGES = ["/", "/services", "/book", "/contact"];
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 95, seo: 95 };

async function firstLoadJavaScript(browser, url) {
  const page = await browser.newPage();
  const scripts = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script") {
      try {
        scripts.push(gzipSync(await response.body()).length);
      } catch {
        // a script that failed to load adds nothing
      }
    }
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.close();
  return scripts.reduce((sum, size) => sum + size, 0);
}

async function main() {
  buildIfNeeded();
  const url = await freshDatabase("greenscape_bench_pages");
  const server = await startServer({ port: PORT, env: { DATABASE_URL: url } });
  const rows = [];
  try {
    const browser = await chromium.launch({ executablePath: CHROME_PATH, args: FLAGS });
    const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: FLAGS });
    try {
      for (const path of PAGES) {
        const pageUrl = `http://localhost:${PORT}${path}`;
        // One warm-up so the server's first-request work is not scored.
        await fetch(pageUrl);
        const { lhr } = await lighthouse(pageUrl, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: Object.keys(TARGETS) });
        const scores = Object.fromEntries(Object.keys(TARGETS).map((key) => [key, Math.round((lhr.categories[key]?.score ?? 0) * 100)]));
        const failing = Object.values(lhr.audits)
          .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "notApplicable")
          .map((audit) => audit.id);
        const javascript = await firstLoadJavaScript(browser, pageUrl);
        rows.push({ path, ...scores, javascript, failing });
        console.log(path, scores, `${(javascript / 1024).toFixed(1)} kB`, failing.join(", "));
      }
    } finally {
      await browser.close();
      chrome.kill();
    }
  } finally {
    await server.stop();
  }

  const mark = (value, target) => `${value}${value >= target ? "" : " ✗"}`;
  const table = rows
    .map(
      (row) =>
        `| ${row.path} | ${mark(row.performance, TARGETS.performance)} | ${mark(row.accessibility, TARGETS.accessibility)} | ${mark(row["best-practices"], TARGETS["best-practices"])} | ${mark(row.seo, TARGETS.seo)} | ${(row.javascript / 1024).toFixed(1)} kB${row.javascript > 130 * 1024 ? " ✗" : ""} |`,
    )
    .join("\n");
  writeSection(
    "pages",
    `### Pages (\`npm run bench:pages\`), ${new Date().toISOString().slice(0, 10)}

Machine: ${machine()}. Lighthouse 12 (mobile, simulated throttling) in Debian Chromium against the production build; JavaScript is the
gzip size of every script the page loads. Targets: performance ≥ 95, accessibility 100, best practices ≥ 95, SEO ≥ 95, JavaScript ≤ 130 kB
(✗ marks a miss).

| page | performance | accessibility | best practices | SEO | first-load JS (gzip) |
|---|---|---|---|---|---|
${table}`,
    rows,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
