// The yardstick of bench:web: the lean reference login page (Vite, React 19, antd 6's
// Form, Input.Password and Button in a Card), built and measured beside the console on the same
// machine in the same minutes, so the console's figures read against it whatever the machine.
import { Button, Card, Form, Input } from 'antd';
import { createRoot } from 'react-dom/client';

function LoginPage() {
  return (
    <Card title="运营平台" style={{ width: 360, margin: '120px auto' }}>
      <Form layout="vertical" onFinish={() => undefined}>
        <Form.Item label="用户名" name="username" rules={[{ required: true, message: '请输入用户名' }]}>
          <Input autoFocus />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          登录
        </Button>
      </Form>
    </Card>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<LoginPage />);
