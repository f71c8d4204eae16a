/** Leaves the console for another site's page (the provider's sign-out): a full navigation, not a route. */
export function leaveConsoleFor(url: string): void {
  window.location.assign(url);
}
