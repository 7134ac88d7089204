/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The deploy layout (README "Deploy"): .next/standalone/server.js runs one app instance with only
  // the packages it uses; scripts/build-deploy.mjs puts the static files and migrations beside it.
  output: 'standalone',
  // The README links both spellings of the local host; dev mode otherwise blocks one of them.
  allowedDevOrigins: ['127.0.0.1', 'localhost'],
  // rate-limiter-flexible imports drizzle-orm by a computed name at run time, so both stay
  // unbundled (one drizzle-orm for the app and the limiter). The app reaches either database with
  // pg; PGlite runs only in the database server (scripts/db-server.ts), never in the app.
  serverExternalPackages: ['pg', 'rate-limiter-flexible', 'drizzle-orm', 'nodemailer'],
  // `npm test` type-checks with tsc (TypeScript 7) before building; Next's own pass would repeat it.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
