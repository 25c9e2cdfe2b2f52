/** Public origin of the site, fixed at build time (vite.config.ts `define`). */
declare const __SITE_ORIGIN__: string;
/** Who sells (app/content/store-identity.ts), fixed at build time (vite.config.ts `define`); absent outside a build. */
declare const __STORE_IDENTITY__: import("./content/store-identity").StoreIdentity | undefined;
/** The lab that tests the kits' samples (LAB_NAME), fixed at build time (vite.config.ts `define`); absent outside a build. */
declare const __LAB_NAME__: string | null | undefined;
