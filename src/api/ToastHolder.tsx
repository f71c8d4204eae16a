import message from 'antd/es/message';
import { useEffect } from 'react';
import { attachToasts } from './toast-sink';

/** antd's message holder, loaded with the first toast (see toast.tsx). */
export default function ToastHolder() {
  const [messageApi, holder] = message.useMessage();
  useEffect(() => {
    attachToasts((kind, text, seconds) => void messageApi[kind](text, seconds));
    return () => attachToasts(undefined);
  }, [messageApi]);
  return holder;
}
