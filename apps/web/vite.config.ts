import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

// Writes .br (quality 11) and .gz (level 9) beside each text asset so the server sends them as they are
// (@fastify/static preCompressed) instead of compressing on every request.
function precompress(): Plugin {
  return {
    name: "tabi-precompress",
    apply: "build",
    writeBundle(options) {
      const dir = options.dir ?? "dist";
      const walk = (d: string): string[] =>
        readdirSync(d, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)],
        );
      for (const file of walk(dir).filter((f) => /\.(js|css|html|svg|json|webmanifest)$/.test(f))) {
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", ws: true }, "/dev": "http://localhost:3000" },
  },
  build: { target: "es2022", sourcemap: true, manifest: true, chunkSizeWarningLimit: 600 },
});
