import type { LocalText } from '../../generated/settings';

export const onvifTexts = {
  discover: { zh: '发现设备', en: 'Discover devices' },
  title: { zh: '发现 ONVIF 设备', en: 'Discover ONVIF devices' },
  networkInterface: { zh: '网卡', en: 'Network interface' },
  anyInterface: { zh: '系统默认', en: "The system's choice" },
  seconds: { zh: '等待秒数', en: 'Wait (seconds)' },
  search: { zh: '开始发现', en: 'Discover' },
  noDevices: { zh: '没有发现设备', en: 'No device answered' },
  name: { zh: '名称', en: 'Name' },
  address: { zh: '设备地址', en: 'Device address' },
  hardware: { zh: '型号', en: 'Hardware' },
  read: { zh: '读取所选设备', en: 'Read the ticked devices' },
  readResult: { zh: '读取结果', en: 'Read' },
  username: { zh: '用户名', en: 'User name' },
  password: { zh: '密码', en: 'Password' },
  area: { zh: '区域', en: 'Area' },
  credentialsHint: {
    zh: '用户名与密码用于所有勾选的设备，不会被记录或显示。',
    en: 'The user name and password are used for every ticked device; they are never logged nor shown.',
  },
  add: { zh: '添加所选设备', en: 'Add the ticked devices' },
} satisfies Record<string, LocalText>;

export const foundText = (count: number): LocalText => ({
  zh: `发现 ${count} 台设备`,
  en: `${count} device${count === 1 ? '' : 's'} found`,
});

export const addedText = (count: number): LocalText => ({
  zh: `已添加 ${count} 台摄像头`,
  en: `${count} camera${count === 1 ? '' : 's'} added`,
});
