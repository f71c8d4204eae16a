import { Popconfirm, type PopconfirmProps } from 'antd';

/**
 * antd's Popconfirm, built afresh at each opening. When `onConfirm` answers a promise, the OK
 * button shows a loading icon; the confirmation closing cuts the icon's leave motion off, and a
 * kept popup would show it again next time, invisible but naming the button "loading 删除".
 */
export function ConfirmPopover(props: PopconfirmProps) {
  return <Popconfirm destroyOnHidden {...props} />;
}
