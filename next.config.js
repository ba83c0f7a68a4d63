/** @type {import('next').NextConfig} */
const nextConfig = {
  // Server actions read their whole body into memory before any check, so the limit is what the
  // largest form needs: the quote request form (src/components/quotes/quote-request-form.tsx)
  // posts its photos as files in a multipart body, at most 3 of 5 MiB each (MAX_PHOTOS and
  // MAX_PHOTO_BYTES in src/lib/validation/quotes.ts), plus 64 KiB for its text fields (the
  // description is at most 5,000 characters), the state React sends back and the parts' headers.
  experimental: { serverActions: { bodySizeLimit: 3 * 5 * 1024 * 1024 + 64 * 1024 } },
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled. The
  // database and API packages are loaded from node_modules too, so the pages and the API bundle
  // (scripts/build-api.mjs, which bundles none) share one copy: with two, the database handle one
  // copy opened checks every table and SQL piece of the other by walking its prototype chain
  // instead of `instanceof`, and each copy's code warms up on its own (bench/RESULTS.md, issue 42).
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "drizzle-orm", "postgres", "pg-boss", "zod", "@trpc/server"],
  poweredByHeader: false,
  reactStrictMode: true,
  // Next's development request log writes each URL with its query string, and its server-action
  // log writes the arguments (form fields): scripts/server.mjs logs the path only instead.
  logging: { incomingRequests: false, serverFunctions: false },
  outputFileTracingIncludes: { "/*": ["./drizzle/**/*"] },
  // Security headers (Content-Security-Policy, Strict-Transport-Security, X-Content-Type-Options,
  // Referrer-Policy, X-Frame-Options) are set on every answer by scripts/server.mjs, which also
  // serves /api/* without Next in production (src/server/http/security-headers.mjs).
};

export default nextConfig;
