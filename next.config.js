/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2"],
  poweredByHeader: false,
  reactStrictMode: true,
  // Next's development request log writes each URL with its query string, and its server-action
  // log writes the arguments (form fields): scripts/server.mjs logs the path only instead.
  logging: { incomingRequests: false, serverFunctions: false },
  outputFileTracingIncludes: { "/*": ["./drizzle/**/*"] },
  // The Content-Security-Policy and Strict-Transport-Security headers are set per request by
  // scripts/server.mjs (a nonce for each rendered page, hashes for prerendered ones).
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default nextConfig;
