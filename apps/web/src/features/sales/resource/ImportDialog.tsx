import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  RESOURCE_IMPORT_COLUMNS,
  withCheckDigit,
  type ResourceImportError,
  type ResourceImportResult,
} from '@forecourt/contracts/sales';
import { http, HttpError, toast } from '@/shared/http';
import { saveXlsx } from '@/shared/crud';
import { RESOURCE } from './resourceDef';
import './messages';

/** The file's bytes as base64 (the import route takes the sheet in a JSON body). */
export async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** The template: the header row in the console's language and one example line. */
export function templateRows(lang: 'zh' | 'en'): Array<Array<string | number | null>> {
  const header = RESOURCE_IMPORT_COLUMNS.map(([, zh, en]) => (lang === 'en' ? en : zh));
  const example: Record<string, string | number> = {
    // A VIN whose check digit is right, so the example line itself would import.
    vin: withCheckDigit('LVGBE40K0RG000001'),
    brand: '丰田',
    series: '凯美瑞',
    modelYear: 2024,
    trim: '2.0GVP 豪华版',
    exteriorColor: '珍珠白',
    interiorColor: '黑色',
    productionDate: '2025-01-05',
    arrivalDate: '2025-02-03',
    status: lang === 'en' ? 'In stock' : '在库',
    purchaseCost: '158000.00',
    guidePrice: '179800.00',
    floorPrice: '168000.00',
    remark: '',
  };
  return [header, RESOURCE_IMPORT_COLUMNS.map(([k]) => example[k] ?? null)];
}

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

/** Upload of the template sheet; a refused sheet lists every bad row (row number, column, reason). */
export function ImportDialog({ open, onClose, onImported }: ImportDialogProps) {
  const { t, i18n } = useTranslation();
  const [errors, setErrors] = useState<ResourceImportError[]>([]);
  const upload = useMutation({
    mutationFn: async (file: File) =>
      http.post<ResourceImportResult>(`${RESOURCE}/import`, { file: await fileBase64(file) }),
    onMutate: () => setErrors([]),
    onSuccess: (r) => {
      toast.success(t('sales.resource.imported', { count: r.imported }));
      onImported();
      onClose();
    },
    onError: (e) => {
      // The refusal was shown by the client; the rows come with it.
      const data =
        e instanceof HttpError ? (e.data as { data?: ResourceImportResult } | undefined) : undefined;
      setErrors(data?.data?.errors ?? []);
    },
  });
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const colLabel = (field: string) => {
    const c = RESOURCE_IMPORT_COLUMNS.find(([k]) => k === field);
    return c ? (lang === 'en' ? c[2] : c[1]) : field;
  };
  return (
    <Modal
      open={open}
      title={t('sales.resource.importTitle')}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('sales.resource.importHint')} />
        <Space>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void saveXlsx(templateRows(lang), `${t('sales.resource.templateFile')}.xlsx`)}
          >
            {t('sales.resource.template')}
          </Button>
          <Upload
            accept=".xlsx"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              upload.mutate(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
              {t('sales.resource.chooseFile')}
            </Button>
          </Upload>
        </Space>
        {errors.length > 0 && (
          <>
            <Alert type="error" showIcon message={t('sales.resource.importErrors')} />
            <Table<ResourceImportError>
              size="small"
              rowKey={(e) => `${e.row}-${e.field}`}
              dataSource={errors}
              pagination={{ pageSize: 10 }}
              columns={[
                { title: t('sales.resource.row'), dataIndex: 'row', width: 80 },
                {
                  title: t('sales.resource.field'),
                  dataIndex: 'field',
                  width: 140,
                  render: (f: string) => colLabel(f),
                },
                { title: t('sales.resource.reason'), dataIndex: 'reason' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
