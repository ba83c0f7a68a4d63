/** @type {import('next').NextConfig} */
const nextConfig = {
  // The quote request form posts up to three photos of 5 MB each to its server action.
  experimental: { serverActions: { bodySizeLimit: "16mb" } },
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2"],
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
