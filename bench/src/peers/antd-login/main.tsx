import { createRoot } from 'react-dom/client';
import { Button, ConfigProvider, Form, Input } from 'antd';
import { LockOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import zhCN from 'antd/locale/zh_CN';

/**
 * Peer of the web benchmark: the least a Vite + React + antd sign-in page can be (a form of three
 * fields and a button, the zh locale), so the shell's /login figures have a floor to compare with.
 */
function Login() {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#1e3a8a' }}>
      <section style={{ width: 'min(400px, 100% - 32px)', padding: 24, background: '#fff', borderRadius: 8 }}>
        <h1 style={{ textAlign: 'center', marginTop: 0 }}>Sign in</h1>
        <Form layout="vertical" size="large" initialValues={{ tenantId: '000000' }} requiredMark={false}>
          <Form.Item name="tenantId" label="Tenant" rules={[{ required: true }]}>
            <Input prefix={<TeamOutlined />} autoComplete="organization" />
          </Form.Item>
          <Form.Item name="username" label="Account" rules={[{ required: true }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label="Password" rules={[{ required: true }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            Sign in
          </Button>
        </Form>
      </section>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN}>
    <Login />
  </ConfigProvider>,
);
