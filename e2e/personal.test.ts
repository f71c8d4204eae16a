import { describe, expect } from 'vitest';
import { passwordChanger } from './accounts';
import { test } from './fixtures';
import {
  chooseFromAvatarMenu,
  eventually,
  fieldDescription,
  expectAt,
  expectLoginPage,
  nextEnvelope,
  screenshot,
  signIn,
  signInHere,
  submitPasswordForm,
} from './screen';

describe('the personal centre', () => {
  test('changing the password signs the user out; only the new password works then', async ({ page }) => {
    const newPassword = 'Changed-e2e-2025';
    await signIn(page, passwordChanger);
    await chooseFromAvatarMenu(page, passwordChanger, '个人中心');
    await expectAt(page, '/user/personal');
    await page.getByText(passwordChanger.username, { exact: true }).waitFor();
    await screenshot(page, 'personal-centre');

    const changeButton = page.getByRole('button', { name: '修改密码' });
    await page.getByLabel('原密码', { exact: true }).fill(passwordChanger.password);
    await page.getByLabel('新密码', { exact: true }).fill('weak');
    await page.getByLabel('确认新密码', { exact: true }).fill('weak');
    await changeButton.click();
    await eventually(() => fieldDescription(page, '新密码')).toContain('新密码长度不能少于 8 个字符');
    await expectAt(page, '/user/personal');
    await screenshot(page, 'personal-weak-password');

    await page.getByLabel('新密码', { exact: true }).fill(newPassword);
    await page.getByLabel('确认新密码', { exact: true }).fill(newPassword);
    const changed = nextEnvelope(page, '/user/modify/password');
    await changeButton.click();
    expect((await changed).code).toBe('0');
    expect(await expectLoginPage(page)).toBe('/user/personal');
    await screenshot(page, 'login-after-password-change');

    const oldPasswordAnswer = nextEnvelope(page, '/login/bypwd');
    await submitPasswordForm(page, passwordChanger.username, passwordChanger.password);
    expect((await oldPasswordAnswer).code).toBe('1001');

    await signInHere(page, passwordChanger, newPassword);
    await expectAt(page, '/user/personal');
  });
});
