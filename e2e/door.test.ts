import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { admin } from './accounts';
import { test } from './fixtures';
import {
  answerConfirm,
  choose,
  chooseReference,
  closeDrawer,
  createThroughApi,
  deleteRow,
  detailValue,
  drawerTitled,
  exportCsv,
  messageOf,
  motionsDone,
  openFromMenu,
  openScreen,
  rowOf,
  save,
  searchForm,
  searchOne,
  typeDate,
} from './resource-screen';
import { eventually, expectAt, label, screenshot, signIn } from './screen';

// Tests share one server and may run side by side: every employee number, name and plate is unique.
let sequence = 0;
/** Five digits no other test of this run uses: plates and numbers are built from them. */
function digits(): string {
  sequence += 1;
  return String((Date.now() * 10 + sequence) % 100000).padStart(5, '0');
}

/** A solid-colour PNG of `size` × `size` pixels, as a camera's face crop would be uploaded. */
function solidPng(size: number, [red, green, blue]: readonly [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill([red, green, blue]).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array(size).fill(row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const validIdNumber = '11010519491231002X';
const maskedIdNumber = '110105********002X';

/** `2030-01-31 09:00:00` in the browser's time zone, as the date-time picker reads it. */
function pickerTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:00`;
}

/** Picks one of the row's own actions under More (`more`: the button's text in the screen's language). */
async function rowAction(page: Page, text: string, action: string, more = '更多'): Promise<void> {
  await rowOf(page, text).getByRole('button', { name: more }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('the entry/exit screens', () => {
  test('staff: add, find, edit, view, export and delete a member; access ending before it starts is refused', async ({
    page,
  }) => {
    const n = digits();
    const employeeNo = `E${n}`;
    const name = `员工${n}`;
    await signIn(page, admin);
    await openFromMenu(page, '出入管理', '员工管理', '/door/staff');

    await page.getByRole('button', { name: '新增' }).first().click();
    const create = drawerTitled(page, '新增员工');
    await create.getByLabel('工号', { exact: true }).fill(employeeNo);
    await create.getByLabel('姓名', { exact: true }).fill(name);
    await choose(create, '性别', '女');
    await create.getByLabel('部门', { exact: true }).fill('安保部');
    await create.getByLabel('手机号', { exact: true }).fill(`139${n}000`);
    await create.getByLabel('门禁卡号', { exact: true }).fill(`C${n}`);
    await create
      .getByLabel('人脸照片', { exact: true })
      .setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: solidPng(64, [24, 144, 255]) });
    await create.locator('img.cfop-upload-preview').waitFor();
    await typeDate(create, '生效日期', '2030-06-01');
    await typeDate(create, '失效日期', '2030-05-31');
    await save(page, '新增员工');
    await eventually(() => messageOf(create, '失效日期')).toBe('失效日期不能早于生效日期 2030-06-01');
    await motionsDone(page);
    await screenshot(page, 'door-staff-form-valid-to');
    await typeDate(create, '失效日期', '2031-05-31');
    await save(page, '新增员工');
    await page.getByText('已新增', { exact: true }).waitFor();
    await rowOf(page, employeeNo).waitFor();
    await expect(rowOf(page, employeeNo).innerText()).resolves.toContain('在职');
    // The photo shows as a thumbnail, fetched with the session's token.
    await rowOf(page, employeeNo).locator('img.cfop-upload-thumb').waitFor();
    await screenshot(page, 'door-staff-list');

    await searchOne(page, '姓名', name);
    await expectAt(page, `/door/staff?name=${encodeURIComponent(name)}`);
    // No gate has seen the new member today: 今日通行 是 finds nobody, 否 finds them again.
    const passedToday = async (answer: '是' | '否') => {
      await choose(searchForm(page), '今日通行', answer);
      await searchForm(page)
        .getByRole('button', { name: label('查询') })
        .click();
    };
    await passedToday('是');
    await expectAt(page, `/door/staff?name=${encodeURIComponent(name)}&passedToday=true`);
    await page.getByText('没有符合条件的记录').waitFor();
    await passedToday('否');
    await expectAt(page, `/door/staff?name=${encodeURIComponent(name)}&passedToday=false`);
    await rowOf(page, employeeNo).waitFor();

    await rowOf(page, employeeNo)
      .getByRole('button', { name: label('编辑') })
      .click();
    const edit = drawerTitled(page, '编辑员工');
    await expect(edit.getByLabel('工号', { exact: true }).inputValue()).resolves.toBe(employeeNo);
    await edit.getByLabel('职位', { exact: true }).fill('门岗主管');
    await choose(edit, '状态', '停用');
    await save(page, '编辑员工');
    await page.getByText('已保存', { exact: true }).waitFor();
    await eventually(() => rowOf(page, employeeNo).innerText()).toContain('停用');

    await rowOf(page, employeeNo)
      .getByRole('button', { name: label('详情') })
      .click();
    const detail = drawerTitled(page, '员工详情');
    await detail.getByText('门岗主管', { exact: true }).waitFor();
    await expect(detailValue(detail, '门禁卡号')).resolves.toBe(`C${n}`);
    await expect(detailValue(detail, '失效日期')).resolves.toBe('2031-05-31');
    await detail.locator('img.cfop-upload-thumb').waitFor();
    await screenshot(page, 'door-staff-detail');
    await closeDrawer(detail);

    const csv = await exportCsv(page);
    expect(csv.name).toMatch(/^staff-\d{8}-\d{4}\.csv$/);
    // Headers and the gender in the operator's words; the face photo by its file id.
    expect(csv.text).toContain('编号,工号,姓名,人脸照片,性别,部门,职位,');
    expect(csv.text).toMatch(new RegExp(`${employeeNo},${name},\\d*,女,安保部,门岗主管`));

    await deleteRow(page, employeeNo);
    await page.getByText('没有符合条件的记录').waitFor();
  });

  test('visitors: register one (ID masked in the table), find, edit, approve with a comment, see the pass code, check in, export, delete', async ({
    page,
  }) => {
    const n = digits();
    const name = `访客${n}`;
    const host = `接待${n}`;
    await signIn(page, admin);
    await createThroughApi(page, '/staff', { employeeNo: `H${n}`, name: host, gender: 'male' });
    await openFromMenu(page, '出入管理', '访客管理', '/door/visitor');

    await page.getByRole('button', { name: '新增' }).first().click();
    const create = drawerTitled(page, '新增访客');
    await create.getByLabel('姓名', { exact: true }).fill(name);
    await create.getByLabel('手机号', { exact: true }).fill(`137${n}000`);
    await create.getByLabel('身份证号', { exact: true }).fill('110105194912310021');
    await create.getByLabel('单位', { exact: true }).fill('来访公司');
    await chooseReference(create, '被访人', host);
    const now = new Date();
    await typeDate(create, '来访开始', pickerTime(now));
    await typeDate(create, '来访结束', pickerTime(new Date(now.getTime() + 4 * 3600_000)));
    await save(page, '新增访客');
    // The pattern passes; the server finds the check digit wrong and says so on the field.
    await eventually(() => messageOf(create, '身份证号')).toBe('身份证号校验位不正确，请核对证件号码');
    await create.getByLabel('身份证号', { exact: true }).fill(validIdNumber);
    await save(page, '新增访客');
    await page.getByText('已新增', { exact: true }).waitFor();

    await searchOne(page, '姓名', name);
    const row = rowOf(page, name);
    await expect(row.innerText()).resolves.toContain(maskedIdNumber);
    await expect(row.innerText()).resolves.not.toContain(validIdNumber);
    await expect(row.innerText()).resolves.toContain(host);
    await expect(row.innerText()).resolves.toContain('待审批');
    await screenshot(page, 'door-visitor-list-pending');

    await row.getByRole('button', { name: label('编辑') }).click();
    const edit = drawerTitled(page, '编辑访客');
    // The form holds the whole number, from the visitor's own answer.
    await expect(edit.getByLabel('身份证号', { exact: true }).inputValue()).resolves.toBe(validIdNumber);
    await edit.getByLabel('单位', { exact: true }).fill('新来访公司');
    await save(page, '编辑访客');
    await page.getByText('已保存', { exact: true }).waitFor();
    await eventually(() => row.innerText()).toContain('新来访公司');

    await rowAction(page, name, '审批');
    const approval = page.getByRole('dialog').filter({ hasText: `审批 · ${name}` });
    await approval.getByRole('button', { name: label('确定') }).click();
    await eventually(() => messageOf(approval, '审批结果')).toBe('请选择审批结果');
    await choose(approval, '审批结果', '通过');
    await approval.getByLabel('审批意见', { exact: true }).fill('同意来访，请走东门');
    await eventually(() => messageOf(approval, '审批意见')).toBe('');
    await motionsDone(page);
    await screenshot(page, 'door-visitor-approval');
    await approval.getByRole('button', { name: label('确定') }).click();
    await approval.waitFor({ state: 'detached' });
    await eventually(() => row.innerText()).toContain('已批准');

    await row.getByRole('button', { name: label('详情') }).click();
    const detail = drawerTitled(page, '访客详情');
    await detail.getByText(validIdNumber, { exact: true }).waitFor();
    await expect(detailValue(detail, '通行码')).resolves.toMatch(/^[0-9]{8}$/);
    await expect(detailValue(detail, '审批意见')).resolves.toBe('同意来访，请走东门');
    await expect(detailValue(detail, '审批人')).resolves.toBe('admin');
    await expect(detailValue(detail, '状态')).resolves.toBe('已批准');
    await screenshot(page, 'door-visitor-detail');
    await closeDrawer(detail);

    // Approved: no second approval, but a check-in.
    await row.getByRole('button', { name: '更多' }).click();
    await expect(page.getByRole('menuitem', { name: '审批' }).count()).resolves.toBe(0);
    await page.getByRole('menuitem', { name: '签到' }).click();
    await answerConfirm(page, '办理签到');
    await eventually(() => row.innerText()).toContain('访问中');

    const csv = await exportCsv(page);
    expect(csv.name).toMatch(/^visitors-\d{8}-\d{4}\.csv$/);
    expect(csv.text).toContain(`${name},`);
    expect(csv.text).toContain(maskedIdNumber);
    expect(csv.text).not.toContain(validIdNumber);

    await deleteRow(page, name);
    await page.getByText('没有符合条件的记录').waitFor();
  });

  test('vehicles: a bad plate and an owner missing for its type are refused on their fields; add, find, edit, view, export, delete', async ({
    page,
  }) => {
    const n = digits();
    const plate = `粤B${n}D`;
    const owner = `车主${n}`;
    await signIn(page, admin);
    await createThroughApi(page, '/staff', { employeeNo: `V${n}`, name: owner, gender: 'female' });
    await openFromMenu(page, '出入管理', '车辆管理', '/door/vehicle');

    await page.getByRole('button', { name: '新增' }).first().click();
    const create = drawerTitled(page, '新增车辆');
    await create.getByLabel('车牌号', { exact: true }).fill(`粤B${n}X`);
    await choose(create, '车牌颜色', '绿牌');
    await choose(create, '车辆类型', 'SUV');
    await choose(create, '车主类型', '员工');
    await choose(create, '名单类型', '白名单');
    await save(page, '新增车辆');
    await eventually(() => messageOf(create, '车牌号')).toBe('车牌号格式不正确');
    await motionsDone(page);
    await screenshot(page, 'door-vehicle-bad-plate');

    await create.getByLabel('车牌号', { exact: true }).fill(plate);
    await save(page, '新增车辆');
    await eventually(() => messageOf(create, '员工车主')).toBe('员工车主在车主类型为员工时必填');
    await chooseReference(create, '员工车主', owner);
    await save(page, '新增车辆');
    await page.getByText('已新增', { exact: true }).waitFor();

    await searchOne(page, '车牌号', plate);
    const row = rowOf(page, plate);
    await expect(row.innerText()).resolves.toContain(owner);
    await expect(row.innerText()).resolves.toContain('白名单');
    await screenshot(page, 'door-vehicle-list');

    await row.getByRole('button', { name: label('编辑') }).click();
    const edit = drawerTitled(page, '编辑车辆');
    await choose(edit, '名单类型', '临时');
    await save(page, '编辑车辆');
    await eventually(() => messageOf(edit, '失效日期')).toBe('失效日期对临时车辆必填');
    await typeDate(edit, '失效日期', '2031-01-31');
    await edit.getByLabel('备注', { exact: true }).fill('施工期间临时通行');
    await save(page, '编辑车辆');
    await page.getByText('已保存', { exact: true }).waitFor();
    await eventually(() => row.innerText()).toContain('临时');

    await row.getByRole('button', { name: label('详情') }).click();
    const detail = drawerTitled(page, '车辆详情');
    await expect(detailValue(detail, '员工车主')).resolves.toBe(owner);
    await expect(detailValue(detail, '备注')).resolves.toBe('施工期间临时通行');
    await expect(detailValue(detail, '失效日期')).resolves.toBe('2031-01-31');
    await screenshot(page, 'door-vehicle-detail');
    await closeDrawer(detail);

    const csv = await exportCsv(page);
    expect(csv.name).toMatch(/^vehicles-\d{8}-\d{4}\.csv$/);
    // The plate colour and owner type by their labels, the staff owner by name.
    expect(csv.text).toMatch(new RegExp(`${plate},绿牌,[^,]*,员工,${owner},`));

    await deleteRow(page, plate);
    await page.getByText('没有符合条件的记录').waitFor();
  });

  test('the visitor screen speaks English; a rejected visitor has no further actions', async ({ page }) => {
    const n = digits();
    const name = `Visitor ${n}`;
    await signIn(page, admin);
    const host = await createThroughApi<{ id: number }>(page, '/staff', {
      employeeNo: `EN${n}`,
      name: `Host ${n}`,
      gender: 'female',
    });
    const now = Date.now();
    await createThroughApi(page, '/visitors', {
      name,
      phone: `136${n}000`,
      idNumber: validIdNumber,
      hostStaffId: host.id,
      visitFrom: new Date(now).toISOString(),
      visitTo: new Date(now + 3600_000).toISOString(),
    });
    await page.evaluate(() => localStorage.setItem('CFOP_LOCALE', 'en-US'));
    await openScreen(page, `/door/visitor?name=${encodeURIComponent(name)}`);
    const row = rowOf(page, name);
    await row.getByText('Pending').waitFor();
    await expect(row.innerText()).resolves.toContain(maskedIdNumber);

    await rowAction(page, name, 'Approve', 'More');
    const decision = page.getByRole('dialog').filter({ hasText: `Approve · ${name}` });
    await choose(decision, 'Decision', 'Reject');
    await decision.getByLabel('Comment', { exact: true }).fill('No appointment on record');
    await motionsDone(page);
    await screenshot(page, 'door-visitor-approval-en');
    await decision.getByRole('button', { name: 'OK' }).click();
    await decision.waitFor({ state: 'detached' });
    await row.getByText('Rejected').waitFor();
    // No action applies to a rejected visitor, so the row offers none.
    await expect(row.getByRole('button', { name: 'More' }).count()).resolves.toBe(0);
    await screenshot(page, 'door-visitor-list-en');

    await row.getByRole('button', { name: 'Details' }).click();
    const detail = drawerTitled(page, 'Visitor details');
    await expect(detailValue(detail, 'Approval comment')).resolves.toBe('No appointment on record');
    await expect(detailValue(detail, 'Pass code')).resolves.toBe('—');
    await expect(detailValue(detail, 'Host')).resolves.toBe(`Host ${n}`);
  });
});
