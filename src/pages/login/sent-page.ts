/**
 * The names the sign-in page sent as HTML (./prerender.tsx) shares with the script sent with it
 * (./early-sign-in.ts) and the console's page that takes over (./prerendered-form.ts). It imports
 * nothing: the script sent with the page is built with it alone.
 */

/** The element holding the sent page, over the console's root until the console's page takes over. */
export const prerenderedPageId = 'cfop-prerendered';

/** Set on the sent page's <main>: the place, among its buttons, of the last one pressed there. */
export const pressedButtonAttribute = 'data-pressed-button';
