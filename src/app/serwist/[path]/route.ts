import { createSerwistRoute } from "@serwist/turbopack";

// The crew's service worker, bundled at build time by Serwist (the build is Turbopack, which
// @serwist/next's webpack plugin cannot hook into) and served as /serwist/sw.js with
// Service-Worker-Allowed: / so the /crew page can register it with its own scope.
export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: "src/service-worker/crew-sw.ts",
  useNativeEsbuild: true,
});
