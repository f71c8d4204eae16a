/** Files a console build writes beside its assets, for the server and the budget check to read. */

/** Vite's build manifest (build.manifest: true). */
export const buildManifestFile = '.vite/manifest.json';

/** The pages the server sends as HTML (build/vite-prerendered-sign-in.ts): path → markup for the end of the body. */
export const prerenderedPagesFile = '.vite/prerendered-pages.json';
