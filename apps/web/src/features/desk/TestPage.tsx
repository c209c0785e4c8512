import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Input, Space, Typography } from 'antd';

/** A page to exercise the shell: the error log, and a field whose text survives tab switches. */
export default function TestPage() {
  const { t } = useTranslation();
  const [boom, setBoom] = useState(false);
  const [text, setText] = useState('');
  if (boom) throw new Error('test page render error');
  return (
    <Card title={t('test.title')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('test.caption')}</Typography.Text>
        <Input
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label="test-input"
          style={{ maxWidth: 360 }}
        />
        <Space>
          <Button danger onClick={() => setBoom(true)}>
            {t('test.throw')}
          </Button>
          <Button onClick={() => void Promise.reject(new Error('test page rejected promise'))}>
            {t('test.reject')}
          </Button>
        </Space>
      </Space>
    </Card>
  );
}
