import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, Button, Card, Col, Descriptions, Form, Modal, Radio, Row } from 'antd';
import Input from 'antd/es/input/Input';
import { EditOutlined } from '@ant-design/icons';
import { useSession } from '@/shared/auth/store';
import { PasswordForm } from '@/shared/auth/PasswordForm';
import { initials, shownName } from '@/shared/avatar';
import { useSaveProfile } from './api';
import { avatarValid, type ProfileForm } from './profile';
import { toast } from '@/shared/http';

export default function InfoPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<ProfileForm>();
  const saving = useSaveProfile();
  if (!user) return null;
  const sexLabel = { 1: t('info.male'), 2: t('info.female'), 3: t('info.hidden') }[user.sex ?? 3];

  const save = () => {
    const values = form.getFieldsValue();
    if (!avatarValid(values.avatar)) {
      toast.warning(t('info.avatarNotUrl'));
      form.setFieldValue('avatar', '');
      return;
    }
    saving.mutate(values, {
      onSuccess: () => {
        toast.success(t('info.saved'));
        setEditing(false);
      },
    });
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card
          title={t('info.title')}
          extra={
            <Button
              icon={<EditOutlined />}
              onClick={() => (
                form.setFieldsValue({ avatar: user.avatar, name: user.nick_name, sex: user.sex }),
                setEditing(true)
              )}
            >
              {t('info.edit')}
            </Button>
          }
        >
          <Avatar
            size={64}
            src={user.avatar || undefined}
            style={{ marginBottom: 16, backgroundColor: '#409EFF' }}
          >
            {initials(shownName(user))}
          </Avatar>
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
            <Descriptions.Item label={t('info.account')}>{user.account}</Descriptions.Item>
            <Descriptions.Item label={t('info.realName')}>{user.real_name}</Descriptions.Item>
            <Descriptions.Item label={t('info.nickname')}>{user.nick_name}</Descriptions.Item>
            <Descriptions.Item label={t('info.gender')}>{sexLabel}</Descriptions.Item>
            <Descriptions.Item label={t('info.empNo')}>{user.emp_no}</Descriptions.Item>
            <Descriptions.Item label={t('info.phone')}>{user.phone}</Descriptions.Item>
            <Descriptions.Item label={t('info.email')}>{user.email}</Descriptions.Item>
            <Descriptions.Item label={t('info.dept')}>{user.dept_name}</Descriptions.Item>
            <Descriptions.Item label={t('info.role')}>{(user.roles ?? []).join(', ')}</Descriptions.Item>
            <Descriptions.Item label={t('info.brands')}>
              {user.brand_names?.length ? user.brand_names.join(' / ') : t('info.none')}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title={t('info.changePassword')}>
          <PasswordForm />
        </Card>
      </Col>
      <Modal
        open={editing}
        title={t('user.profile')}
        onOk={save}
        confirmLoading={saving.isPending}
        onCancel={() => setEditing(false)}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Form form={form} name="profile" layout="vertical">
          <Form.Item name="avatar" label={t('info.avatar')}>
            <Input placeholder="https://" />
          </Form.Item>
          <Form.Item name="name" label={t('info.nickname')}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="sex" label={t('info.gender')}>
            <Radio.Group
              options={[
                { value: 1, label: t('info.male') },
                { value: 2, label: t('info.female') },
                { value: 3, label: t('info.hidden') },
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Row>
  );
}
