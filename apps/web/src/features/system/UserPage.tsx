import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Modal, Row, Tree, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudTable } from '@/shared/crud';
import { deptTreeQuery, type DeptNode } from './api';
import { userDef } from './userDef';

/** /system/user: the department tree on the left narrows the users on the right. */
export default function UserPage() {
  const { t } = useTranslation();
  const [deptId, setDeptId] = useState<string>();
  const depts = useQuery(deptTreeQuery());
  const def = useMemo(
    () =>
      userDef({
        t,
        showPassword: (title, password) =>
          Modal.info({
            title,
            content: (
              // Labelled: a bare string in a dialog does not say it is the password to hand over.
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('sys.user.initialPassword')}>
                  <Typography.Text copyable={{ text: password }} code style={{ fontSize: 16 }}>
                    {password}
                  </Typography.Text>
                </Descriptions.Item>
              </Descriptions>
            ),
          }),
      }),
    [t],
  );
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Card size="small" title={t('sys.user.deptTree')}>
          {depts.data && (
            <Tree<DeptNode>
              blockNode
              // The whole company and its first level open; deeper levels on demand.
              defaultExpandedKeys={['', ...depts.data.map((d) => d.id)]}
              fieldNames={{ key: 'id', title: 'title', children: 'children' }}
              treeData={[{ id: '', value: '', title: t('sys.user.allDepts'), children: depts.data ?? [] }]}
              selectedKeys={[deptId ?? '']}
              onSelect={(keys) => setDeptId(keys[0] ? String(keys[0]) : undefined)}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={18}>
        <CrudTable def={def} params={{ deptId }} />
      </Col>
    </Row>
  );
}
