import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';

const TEXT = { 403: 'page.forbidden', 404: 'page.notFound', 500: 'page.serverError' } as const;

export default function ErrorPage({ code }: { code: 403 | 404 | 500 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Result
        status={String(code) as '403' | '404' | '500'}
        title={code}
        subTitle={t(TEXT[code])}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('page.back')}
          </Button>
        }
      />
    </main>
  );
}
