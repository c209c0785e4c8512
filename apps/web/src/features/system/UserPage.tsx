import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudTable } from '@/shared/crud';
import { deptTreeQuery, type DeptNode } from './api';
import { userDef } from './userDef';

// The dialog that hands over an initial password loads when the server answers one.
const answers = () => import('./answerDialogs');

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
          void answers().then((m) => m.showInitialPassword(t, title, password)),
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
