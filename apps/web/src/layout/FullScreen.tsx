import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';

export function FullScreen() {
  const { t } = useTranslation();
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const on = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  const label = t(full ? 'nav.exitFullscreen' : 'nav.fullscreen');
  return (
    <Button
      type="text"
      icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      aria-label={label}
      title={label}
      onClick={() =>
        void (full ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(
          () => undefined,
        )
      }
    />
  );
}
