/** Public origin of the site, fixed at build time (vite.config.ts `define`). */
declare const __SITE_ORIGIN__: string;
