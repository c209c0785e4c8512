import { useTranslation } from 'react-i18next';
import { Button, Modal, Space, Table, Typography } from 'antd';
import { http, toast } from '@/shared/http';
import { clearLogs, useLogs, type LogEntry } from '@/shared/logs/store';

/** The log table with its upload and clear actions (a chunk of its own: Table is heavy). */
export default function LogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const logs = useLogs((s) => s.logs);

  const upload = () =>
    Modal.confirm({
      title: t('common.tip'),
      content: t('logs.uploadConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await http.post('/api/blade-desk/log/client-errors', logs);
        toast.success(t('logs.sent'));
      },
    });
  const clear = () =>
    Modal.confirm({
      title: t('common.tip'),
      content: t('logs.clearConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => {
        clearLogs();
        toast.success(t('logs.cleared'));
      },
    });

  return (
    <Modal
      open={open}
      width={960}
      title={t('logs.title')}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={clear} disabled={!logs.length}>
            {t('logs.clear')}
          </Button>
          <Button type="primary" onClick={upload} disabled={!logs.length}>
            {t('logs.upload')}
          </Button>
        </Space>
      }
    >
      <Table<LogEntry>
        size="small"
        rowKey={(r) => `${r.time}-${r.message}`}
        dataSource={logs}
        pagination={{ pageSize: 8 }}
        columns={[
          { title: t('logs.type'), dataIndex: 'type', width: 110 },
          { title: t('logs.message'), dataIndex: 'message', ellipsis: true },
          { title: t('logs.url'), dataIndex: 'url', ellipsis: true, width: 200 },
          { title: t('logs.time'), dataIndex: 'time', width: 190 },
        ]}
        expandable={{
          expandedRowRender: (r) => (
            <Typography.Paragraph
              code
              style={{ whiteSpace: 'pre-wrap', margin: 0 }}
            >{`${r.info}\n${r.stack}`}</Typography.Paragraph>
          ),
        }}
      />
    </Modal>
  );
}
