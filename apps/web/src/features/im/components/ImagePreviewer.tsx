import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button, Space, Tooltip } from 'antd';
import {
  CloseOutlined,
  LeftOutlined,
  RightOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { previewStep, type PreviewAction } from '../previewer';

/** The images of the conversation, opened at one of them: zoom, rotate, previous/next and a counter. */
export function ImagePreviewer({
  urls,
  start,
  onClose,
}: {
  urls: string[];
  start: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState({ index: start, scale: 1, rotate: 0 });
  const act = useCallback(
    (a: PreviewAction) => setState((s) => previewStep(s, a, urls.length)),
    [urls.length],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = ({ ArrowLeft: 'prev', ArrowRight: 'next', '+': 'zoomIn', '-': 'zoomOut' } as const)[
        e.key as 'ArrowLeft'
      ];
      if (e.key === 'Escape') onClose();
      else if (action) act(action);
      else return;
      e.stopPropagation();
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [act, onClose]);

  const tool = (label: string, icon: React.ReactNode, action: PreviewAction) => (
    <Tooltip title={label}>
      <Button shape="circle" icon={icon} aria-label={label} onClick={() => act(action)} />
    </Tooltip>
  );
  const many = urls.length > 1;
  return createPortal(
    <div
      className="fc-im-previewer"
      role="dialog"
      aria-modal="true"
      aria-label={t('im.preview.close')}
      onWheel={(e) => act(e.deltaY < 0 ? 'zoomIn' : 'zoomOut')}
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <img
        src={urls[state.index]}
        alt=""
        className="fc-im-previewer-img"
        data-scale={state.scale}
        data-rotate={state.rotate}
        style={{ transform: `scale(${state.scale}) rotate(${state.rotate}deg)` }}
        draggable={false}
      />
      <Button
        className="fc-im-previewer-close"
        shape="circle"
        icon={<CloseOutlined />}
        aria-label={t('im.preview.close')}
        onClick={onClose}
      />
      {many && (
        <>
          <Button
            className="fc-im-previewer-prev"
            shape="circle"
            size="large"
            icon={<LeftOutlined />}
            aria-label={t('im.preview.prev')}
            onClick={() => act('prev')}
          />
          <Button
            className="fc-im-previewer-next"
            shape="circle"
            size="large"
            icon={<RightOutlined />}
            aria-label={t('im.preview.next')}
            onClick={() => act('next')}
          />
        </>
      )}
      <Space className="fc-im-previewer-bar">
        {tool(t('im.preview.zoomOut'), <ZoomOutOutlined />, 'zoomOut')}
        {tool(t('im.preview.zoomIn'), <ZoomInOutlined />, 'zoomIn')}
        {tool(t('im.preview.rotate'), <RotateRightOutlined />, 'rotate')}
        <span className="fc-im-previewer-count" aria-live="polite">
          {state.index + 1} / {urls.length}
        </span>
      </Space>
    </div>,
    document.body,
  );
}
