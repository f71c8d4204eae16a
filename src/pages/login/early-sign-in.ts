/**
 * A script of its own, sent with the sign-in page the server renders as HTML (see
 * ./prerender.tsx), that runs before the console: the last button pressed there (a tab, the
 * language, 登录; Enter in a field presses 登录) is kept on the page, by its place among the
 * page's buttons, and the console's page presses it when it takes over
 * (./prerendered-form.ts). The sent 登录 is no submit button: a form submitted by the browser
 * itself would put the password in the address.
 *
 * The build bundles it on its own into one small file; the page's only <main> is the sent one.
 */
import { pressedButtonAttribute } from './sent-page';

const page = document.querySelector('main');
const buttons = [...(page?.querySelectorAll('button') ?? [])];
const signIn = page?.querySelector('form button.ant-btn-primary');

function press(button: Element | null | undefined): void {
  const place = button ? buttons.indexOf(button as HTMLButtonElement) : -1;
  if (place !== -1) page?.setAttribute(pressedButtonAttribute, String(place));
}

page?.addEventListener('click', (event) => {
  if (event.target instanceof Element) press(event.target.closest('button'));
});
page?.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) press(signIn);
});
