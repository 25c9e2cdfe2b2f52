import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    // Nothing is inlined as a data: URL, so every asset is a file the CSP allows by origin.
    assetsInlineLimit: 0,
  },
  define: {
    // The canonical origin is fixed at build time: prerendered pages carry it in their HTML.
    __SITE_ORIGIN__: JSON.stringify(
      (process.env.PUBLIC_SITE_URL ?? "http://localhost:3000").replace(/\/$/, ""),
    ),
  },
});
