import { useTranslation } from 'react-i18next';
import { Result } from 'antd';
import { usePage } from '@/shared/page/context';
import { isUrl } from '@forecourt/contracts';

/** /myiframe/{routerPath}: an external page inside a tab. The address comes as ?src= or as the encoded path. */
export default function IframePage() {
  const { t } = useTranslation();
  const { params, query } = usePage();
  const src = query.get('src') ?? decodeURIComponent(params.routerPath ?? '');
  if (!isUrl(src)) return <Result status="warning" title={t('page.badFrame')} subTitle={src} />;
  return (
    <iframe
      src={src}
      title={src}
      style={{ width: '100%', height: 'calc(100vh - 140px)', border: 0 }}
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
    />
  );
}
