import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, Modal, Radio, message } from 'antd';
import { isUrlOrSitePath } from '@forecourt/contracts';
import { TYPES, type UserProfile } from '../sdk';

interface Values {
  nick: string;
  avatar: string;
  gender: UserProfile['gender'];
}

/** My chat profile: nickname, avatar URL (spec §5 URL check) and gender; only filled fields are sent. */
export function ProfileDialog({
  open,
  me,
  onClose,
  onSave,
}: {
  open: boolean;
  me?: UserProfile;
  onClose: () => void;
  onSave: (p: Partial<Values>) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (open && me) form.setFieldsValue({ nick: me.nick, avatar: me.avatar, gender: me.gender });
  }, [open, me, form]);

  const submit = async () => {
    const v = form.getFieldsValue();
    // The server's check (contracts): an http(s) URL, or a path of this site as our uploads answer.
    const avatar = v.avatar?.trim();
    if (avatar && !isUrlOrSitePath(avatar)) {
      void message.warning(t('info.avatarNotUrl'));
      form.setFieldValue('avatar', '');
      return;
    }
    const body = Object.fromEntries(
      Object.entries(v)
        .map(([k, x]) => [k, typeof x === 'string' ? x.trim() : x] as const)
        .filter(([, x]) => typeof x === 'string' && x),
    );
    if (await onSave(body)) onClose();
  };

  return (
    <Modal
      open={open}
      title={t('im.editProfile')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('im.confirm')}
      cancelText={t('im.cancel')}
      zIndex={1100}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="im-profile">
        <Form.Item name="nick" label={t('im.nick')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="avatar" label={t('im.avatar')}>
          <Input maxLength={500} placeholder="https://" />
        </Form.Item>
        <Form.Item name="gender" label={t('im.gender')}>
          <Radio.Group
            options={[
              { value: TYPES.GENDER_MALE, label: t('im.male') },
              { value: TYPES.GENDER_FEMALE, label: t('im.female') },
              { value: TYPES.GENDER_UNKNOWN, label: t('im.unknown') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
