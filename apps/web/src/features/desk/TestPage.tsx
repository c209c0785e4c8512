import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Col, Form, Radio, Row, Segmented, Space, Switch, Typography } from 'antd';
import Input from 'antd/es/input/Input';
import { addResources } from '@/shared/i18n';
import {
  AttachmentUploader,
  ImageUploader,
  type AttachmentItem,
  type AttachmentKind,
  type UploadResult,
} from '@/shared/upload';
import {
  DeptEmpPicker,
  MapAddressPicker,
  RegionCascader,
  ZoneCascader,
  emptyPick,
  mapAddressRule,
  type MapAddress,
  type PickerMode,
  type PickerValue,
} from '@/shared/pickers';
import { amountRule, mobileRule, numberRule, urlRule } from '@/shared/validators';
import { toast } from '@/shared/http';

// The image upload dialog loads when first opened.
const ImageUploadDialog = lazy(() =>
  import('@/shared/upload/ImageUploadDialog').then((m) => ({ default: m.ImageUploadDialog })),
);

addResources('testPage', {
  zh: {
    shell: '页面缓存与错误日志',
    images: '图片上传',
    imageModes: '单图、浏览与禁用',
    single: '单图',
    browse: '浏览模式',
    disabled: '禁用模式',
    imageDialog: '图片上传对话框',
    openImageDialog: '打开图片上传',
    attachments: '附件上传',
    kind: '类型',
    other: '文档、pdf、视频',
    payment: '付款凭证（仅图片）',
    picker: '部门与人员选择',
    mode: '可选',
    both: '部门和人员',
    deptOnly: '仅部门',
    empOnly: '仅人员',
    multiple: '多选',
    cascaders: '区域与行政区划',
    zone: '区域',
    region: '省市区',
    levels: '级数',
    map: '地图选址',
    mapDisabled: '禁用',
    submit: '提交',
    accepted: '校验通过',
    validators: '表单校验',
    mobile: '手机号',
    url: '网址',
    number: '数字（4 位整数，2 位小数）',
    amount: '金额（1–8 位，2 位小数）',
    value: '当前值',
  },
  en: {
    shell: 'Page cache and error log',
    images: 'Image upload',
    imageModes: 'Single image, browse and disabled',
    single: 'Single image',
    browse: 'Browse mode',
    disabled: 'Disabled mode',
    imageDialog: 'Image-uploader dialog',
    openImageDialog: 'Open the image uploader',
    attachments: 'Attachment upload',
    kind: 'Kind',
    other: 'Documents, pdf, video',
    payment: 'Payment receipt (images only)',
    picker: 'Department and staff picker',
    mode: 'Pick',
    both: 'Departments and staff',
    deptOnly: 'Departments only',
    empOnly: 'Staff only',
    multiple: 'Multiple',
    cascaders: 'Zones and regions',
    zone: 'Zone',
    region: 'Region',
    levels: 'Levels',
    map: 'Map address',
    mapDisabled: 'Disabled',
    submit: 'Submit',
    accepted: 'All fields are valid',
    validators: 'Form rules',
    mobile: 'Mobile number',
    url: 'URL',
    number: 'Number (4 integer digits, 2 decimals)',
    amount: 'Amount (1–8 digits, 2 decimals)',
    value: 'Current value',
  },
});

/** The value a widget holds, as staff trying it would want to see it. */
function Value({ name, value }: { name: string; value: unknown }) {
  const { t } = useTranslation();
  return (
    <div style={{ marginTop: 12 }}>
      <Typography.Text type="secondary">{t('testPage.value')}</Typography.Text>
      <pre
        aria-label={`${name} value`}
        style={{ margin: 0, maxHeight: 180, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap' }}
      >
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

function Widget({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Col xs={24} xl={12}>
      <Card title={title} className={`fc-widget-${id}`} style={{ height: '100%' }}>
        {children}
      </Card>
    </Col>
  );
}

/** The shell's own checks: an error for the log and a field whose text survives tab switches. */
function ShellCard() {
  const { t } = useTranslation();
  const [boom, setBoom] = useState(false);
  const [text, setText] = useState('');
  if (boom) throw new Error('test page render error');
  return (
    <Widget id="shell" title={t('testPage.shell')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('test.caption')}</Typography.Text>
        <Input
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label="test-input"
          style={{ maxWidth: 360 }}
        />
        <Space wrap>
          <Button danger onClick={() => setBoom(true)}>
            {t('test.throw')}
          </Button>
          <Button onClick={() => void Promise.reject(new Error('test page rejected promise'))}>
            {t('test.reject')}
          </Button>
        </Space>
      </Space>
    </Widget>
  );
}

function ImagesCard() {
  const { t } = useTranslation();
  const [images, setImages] = useState<UploadResult[]>([]);
  return (
    <Widget id="images" title={t('testPage.images')}>
      <ImageUploader value={images} onChange={setImages} />
      <Value name="images" value={images} />
    </Widget>
  );
}

function ImageModesCard() {
  const { t } = useTranslation();
  const [one, setOne] = useState<UploadResult[]>([]);
  return (
    <Widget id="image-modes" title={t('testPage.imageModes')}>
      <Typography.Text strong>{t('testPage.single')}</Typography.Text>
      <ImageUploader value={one} onChange={setOne} single />
      <Typography.Text strong>{t('testPage.browse')}</Typography.Text>
      <ImageUploader value={one} mode="browse" />
      <Typography.Text strong>{t('testPage.disabled')}</Typography.Text>
      <ImageUploader value={one} disabled />
    </Widget>
  );
}

function ImageDialogCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [result, setResult] = useState<UploadResult[]>([]);
  return (
    <Widget id="image-dialog" title={t('testPage.imageDialog')}>
      <Button onClick={() => (setOpened(true), setOpen(true))}>{t('testPage.openImageDialog')}</Button>
      {opened && (
        <Suspense>
          <ImageUploadDialog
            open={open}
            onCancel={() => setOpen(false)}
            onOk={(images) => {
              setResult(images);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
      <Value name="image dialog" value={result} />
    </Widget>
  );
}

function AttachmentsCard() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<AttachmentKind>('other');
  const [list, setList] = useState<AttachmentItem[]>([]);
  return (
    <Widget id="attachments" title={t('testPage.attachments')}>
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text>{t('testPage.kind')}</Typography.Text>
        <Segmented<AttachmentKind>
          value={kind}
          onChange={(k) => (setKind(k), setList([]))}
          options={[
            { value: 'other', label: t('testPage.other') },
            { value: 'payment', label: t('testPage.payment') },
          ]}
        />
      </Space>
      <AttachmentUploader key={kind} kind={kind} value={list} onChange={setList} />
      <Value name="uploadFileVOList" value={list} />
    </Widget>
  );
}

function PickerCard() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<PickerMode>('both');
  const [multiple, setMultiple] = useState(true);
  const [value, setValue] = useState<PickerValue>(emptyPick());
  const brief = {
    orgList: value.orgList.map(({ id, title }) => ({ id, title })),
    empList: value.empList.map(({ id, title }) => ({ id, title })),
  };
  return (
    <Widget id="picker" title={t('testPage.picker')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Radio.Group
          value={mode}
          onChange={(e) => (setMode(e.target.value as PickerMode), setValue(emptyPick()))}
          optionType="button"
          options={[
            { value: 'both', label: t('testPage.both') },
            { value: 'dept', label: t('testPage.deptOnly') },
            { value: 'emp', label: t('testPage.empOnly') },
          ]}
        />
        <Space>
          <Switch checked={multiple} onChange={setMultiple} aria-label={t('testPage.multiple')} />
          {t('testPage.multiple')}
        </Space>
      </Space>
      <DeptEmpPicker value={value} onChange={setValue} mode={mode} multiple={multiple} />
      <Value name="picker" value={brief} />
    </Widget>
  );
}

function CascadersCard() {
  const { t } = useTranslation();
  const [zone, setZone] = useState<{ path: string[]; labels: string[] }>({ path: [], labels: [] });
  const [levels, setLevels] = useState(3);
  const [region, setRegion] = useState<{ path: string[]; labels: string[] }>({ path: [], labels: [] });
  return (
    <Widget id="cascaders" title={t('testPage.cascaders')}>
      <Form layout="vertical">
        <Form.Item label={t('testPage.zone')}>
          <ZoneCascader value={zone.path} onChange={(path, labels) => setZone({ path, labels })} />
        </Form.Item>
        <Form.Item label={`${t('testPage.region')} · ${t('testPage.levels')}`}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Segmented<number>
              value={levels}
              onChange={(n) => (setLevels(n), setRegion({ path: [], labels: [] }))}
              options={[1, 2, 3]}
            />
            <RegionCascader
              key={levels}
              levels={levels}
              value={region.path}
              onChange={(path, labels) => setRegion({ path, labels })}
            />
          </Space>
        </Form.Item>
      </Form>
      <Value name="cascaders" value={{ zone, region }} />
    </Widget>
  );
}

function MapCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ place: MapAddress }>();
  const [disabled, setDisabled] = useState(false);
  const [saved, setSaved] = useState<MapAddress>();
  return (
    <Widget id="map" title={t('testPage.map')}>
      <Form
        form={form}
        name="test-map"
        layout="vertical"
        onFinish={(v) => (setSaved(v.place), void toast.success(t('testPage.accepted')))}
      >
        <Form.Item
          name="place"
          label={t('pickers.address')}
          required
          rules={[mapAddressRule(t)]}
          extra={
            <Space style={{ marginTop: 8 }}>
              <Switch checked={disabled} onChange={setDisabled} aria-label={t('testPage.mapDisabled')} />
              {t('testPage.mapDisabled')}
            </Space>
          }
        >
          <MapAddressPicker disabled={disabled} point="departure" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('testPage.submit')}
        </Button>
      </Form>
      <Value name="map address" value={saved ?? null} />
    </Widget>
  );
}

function ValidatorsCard() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<object>();
  return (
    <Widget id="validators" title={t('testPage.validators')}>
      <Form
        name="test-validators"
        layout="vertical"
        onFinish={(v: object) => (setSaved(v), void toast.success(t('testPage.accepted')))}
      >
        <Form.Item name="mobile" label={t('testPage.mobile')} rules={[mobileRule(t)]}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="url" label={t('testPage.url')} rules={[urlRule(t)]}>
          <Input />
        </Form.Item>
        <Form.Item name="number" label={t('testPage.number')} rules={[numberRule(t, 4, 2)]}>
          <Input />
        </Form.Item>
        <Form.Item name="amount" label={t('testPage.amount')} rules={[amountRule(t)]}>
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('testPage.submit')}
        </Button>
      </Form>
      <Value name="validators" value={saved ?? null} />
    </Widget>
  );
}

/** Spec `/test/index`: every shared widget in its own card, for staff to try before they meet it in a form. */
export default function TestPage() {
  const { t } = useTranslation();
  return (
    <div>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('test.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <ShellCard />
        <ImagesCard />
        <ImageModesCard />
        <ImageDialogCard />
        <AttachmentsCard />
        <PickerCard />
        <CascadersCard />
        <MapCard />
        <ValidatorsCard />
      </Row>
    </div>
  );
}
