import { Button, Form, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FieldInput } from './Field';
import './messages';
import type { CrudColumn, DictRef, Row } from './types';

export interface CrudSearchFormProps {
  name: string;
  columns: CrudColumn[];
  dictOptions: (ref: DictRef, numeric?: boolean) => Array<{ value: string | number; label: string }>;
  onSearch: (values: Row) => void;
}

/** The inline search form of the columns marked `search`; reset clears it and searches again. */
export function CrudSearchForm({ name, columns, dictOptions, onSearch }: CrudSearchFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const apply = () => onSearch(form.getFieldsValue() as Row);
  return (
    <Form
      form={form}
      name={`${name}-search`}
      layout="inline"
      onFinish={apply}
      style={{ marginBottom: 12, rowGap: 8 }}
    >
      {columns.map((c) => (
        <Form.Item key={c.prop} name={c.prop} label={t(c.label)}>
          <FieldInput
            column={c}
            label={t(c.label)}
            mode="add"
            record={{}}
            searching
            dictOptions={c.dict ? dictOptions(c.dict, c.numeric) : undefined}
          />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('crud.search')}
          </Button>
          <Button onClick={() => (form.resetFields(), apply())}>{t('crud.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
