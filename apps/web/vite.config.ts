import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", ws: true }, "/dev": "http://localhost:3000" },
  },
  build: { target: "es2022", sourcemap: true, chunkSizeWarningLimit: 600 },
});
