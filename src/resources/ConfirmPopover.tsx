import { Popconfirm, type PopconfirmProps } from 'antd';
import type { MouseEvent } from 'react';

export interface ConfirmPopoverProps extends Omit<PopconfirmProps, 'onConfirm'> {
  /** antd awaits a promise answered here (its type says void): OK shows loading until it settles. */
  onConfirm?: (event?: MouseEvent<HTMLElement>) => unknown;
}

/**
 * antd's Popconfirm, built afresh at each opening. When `onConfirm` answers a promise, the OK
 * button shows a loading icon; the confirmation closing cuts the icon's leave motion off, and a
 * kept popup would show it again next time, invisible but naming the button "loading 删除".
 */
export function ConfirmPopover(props: ConfirmPopoverProps) {
  return <Popconfirm destroyOnHidden {...props} />;
}
