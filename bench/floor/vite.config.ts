import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/** The floor's build: React Router's plugin and nothing else (no chunking rules, no CSS framework). */
export default defineConfig({ plugins: [reactRouter()] });
