import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useLocale } from '../i18n';
import { texts } from './texts';

export interface ConfirmOptions {
  readonly title: string;
  readonly content?: ReactNode;
  readonly okText?: string;
  readonly cancelText?: string;
  readonly danger?: boolean;
}

/**
 * Confirmation dialogs inside the app's tree (theme and texts), resolving to whether the reader
 * agreed. Render `holder` once in the screen.
 */
export function useConfirm(): [(options: ConfirmOptions) => Promise<boolean>, ReactNode] {
  const [modal, holder] = Modal.useModal();
  const { t } = useLocale();
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: options.title,
          content: options.content,
          okText: options.okText ?? t(texts.ok),
          cancelText: options.cancelText ?? t(texts.cancel),
          okButtonProps: options.danger ? { danger: true } : undefined,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );
  return [confirm, holder];
}
