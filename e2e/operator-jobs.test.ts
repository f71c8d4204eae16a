import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { admin, type Account } from './accounts';
import { screenPath as wallPath } from './alert-wall';
import { edgeBox } from './edge-box';
import { freshPage, test } from './fixtures';
import { drawerTitled, searchForm, unique } from './resource-screen';
import { expectAt, label, openMenuEntry, screenshot, signIn } from './screen';

/**
 * An operator's actions, counted as the closing notes of the control-room work count them: a click
 * is one, and so is filling one field (however long its text) or pressing one key.
 */
function counter(page: Page) {
  let actions = 0;
  return {
    click: async (target: Locator) => {
      actions += 1;
      await target.click();
    },
    fill: async (target: Locator, text: string) => {
      actions += 1;
      await target.fill(text);
    },
    pick: async (option: string) => {
      actions += 1;
      await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
    },
    count: () => actions,
  };
}

/** The checkbox of an access key in the role form's tree, by its label. */
function keyBox(drawer: Locator, keyLabel: string): Locator {
  return drawer.getByRole('group', { name: '权限' }).getByRole('checkbox', { name: keyLabel, exact: true });
}

describe("an operator's everyday jobs, counted", () => {
  test("exports this week's alerts from the wall in seven actions", async ({ page }) => {
    await signIn(page, admin);
    const { cameras, raise } = await edgeBox(page, 1);
    await raise(cameras[0] as (typeof cameras)[number], '未戴安全帽', 'high');
    const act = counter(page);
    await act.click(page.getByRole('menuitem', { name: '监控中心' }));
    await act.click(page.getByRole('menuitem', { name: 'AI告警', exact: true }));
    await expectAt(page, wallPath);
    // Every status, not only what waits: this week's alerts.
    await act.click(page.locator('.cfop-alert-summary .ant-segmented-item').filter({ hasText: '全部' }));
    await act.click(searchForm(page).locator('.ant-picker-range input').first());
    await act.click(page.locator('.ant-picker-dropdown:visible').getByText('本周', { exact: true }));
    await act.click(searchForm(page).getByRole('button', { name: label('查询') }));
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).not.toBeNull();
    const download = page.waitForEvent('download');
    await act.click(page.getByRole('button', { name: '导出' }));
    const file = await download;
    expect(act.count()).toBe(7);
    // The file says the week it holds: from Monday to Sunday, and when it was exported.
    expect(file.suggestedFilename()).toMatch(/^alerts-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}-\d{8}-\d{4}\.csv$/);
  });

  test('creates a user who may only view alerts in thirteen actions, and that user only views', async ({
    page,
    browser,
  }) => {
    await signIn(page, admin);
    const code = unique('view-');
    const roleName = `看告警-${code}`;
    const account: Account = {
      username: unique('watch.'),
      password: 'Watch-2026',
      name: '告警值守',
      phone: '',
    };
    const act = counter(page);

    await openMenuEntry(page, '系统设置', '角色管理', '/system/role');
    await act.click(page.getByRole('button', { name: '新增' }).first());
    const role = drawerTitled(page, '新增角色');
    await act.fill(role.getByLabel('角色名称', { exact: true }), roleName);
    await act.fill(role.getByLabel('角色编码', { exact: true }), code);
    // Seeing alerts is a key of its own, beside handling and exporting them.
    await act.click(keyBox(role, 'AI告警'));
    await expect(keyBox(role, 'AI告警处理').isChecked()).resolves.toBe(false);
    await expect(keyBox(role, 'AI告警导出').isChecked()).resolves.toBe(false);
    await screenshot(page, 'operator-jobs-view-only-role');
    await act.click(role.getByRole('button', { name: label('保存') }));
    await role.waitFor({ state: 'hidden' });

    await act.click(page.getByRole('menuitem', { name: '用户管理', exact: true }));
    await expectAt(page, '/system/user');
    await act.click(page.getByRole('button', { name: '新增' }).first());
    const user = drawerTitled(page, '新增用户');
    await act.fill(user.getByLabel('用户名', { exact: true }), account.username);
    await act.fill(user.getByLabel('姓名', { exact: true }), account.name);
    await act.fill(user.getByLabel('角色', { exact: true }), roleName);
    await act.pick(roleName);
    await act.fill(user.getByLabel('初始密码', { exact: true }), account.password);
    await act.click(user.getByRole('button', { name: label('保存') }));
    await user.waitFor({ state: 'hidden' });
    // Two menu clicks opened the role screen before the counting began: 15 from the home page.
    expect(act.count()).toBe(13);

    // The new operator sees the wall and nothing that handles or exports.
    const operator = await freshPage(browser);
    await signIn(operator, account);
    await openMenuEntry(operator, '监控中心', 'AI告警', wallPath);
    await operator.getByText('实时推送中').waitFor();
    await expect(operator.getByRole('button', { name: label('确认全部匹配') }).count()).resolves.toBe(0);
    await expect(operator.getByRole('button', { name: '导出' }).count()).resolves.toBe(0);
    await operator.context().close();
  });
});
