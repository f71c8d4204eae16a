/**
 * A script of its own, sent with the sign-in page the server renders as HTML (see
 * ./prerender.tsx), that runs before the console: the last button pressed there (a tab, the
 * language, 登录; Enter in a field presses 登录) is kept on the page, by its place among the
 * page's buttons, and the console's page presses it when it takes over
 * (./prerendered-form.ts). The sent 登录 is no submit button: a form submitted by the browser
 * itself would put the password in the address.
 *
 * It is sent before the page's markup and runs as soon as it is read, so no press comes before
 * it: it listens on the document, for the sent page once it is there. The build bundles it on its
 * own into one small file.
 */
import { pressedButtonAttribute, prerenderedPageId } from './sent-page';

const sentPage = () => document.getElementById(prerenderedPageId)?.querySelector('main');

function press(page: Element, button: Element | null): void {
  const place = button ? [...page.querySelectorAll('button')].indexOf(button as HTMLButtonElement) : -1;
  if (place !== -1) page.setAttribute(pressedButtonAttribute, String(place));
}

document.addEventListener('click', (event) => {
  const page = sentPage();
  if (page && event.target instanceof Element && page.contains(event.target))
    press(page, event.target.closest('button'));
});
document.addEventListener('keydown', (event) => {
  const page = sentPage();
  if (
    page &&
    event.key === 'Enter' &&
    event.target instanceof HTMLInputElement &&
    page.contains(event.target)
  )
    press(page, page.querySelector('form button.ant-btn-primary'));
});
