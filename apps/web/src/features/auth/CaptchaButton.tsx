import { useTranslation } from 'react-i18next';
import styles from './login.module.css';

/** The captcha picture as its own refresh button (sign-in page and registration dialog). */
export function CaptchaButton({ image, onRefresh }: { image: string; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.captcha}
      onClick={onRefresh}
      title={t('login.captchaRefresh')}
      aria-label={t('login.captchaRefresh')}
    >
      <img src={image} alt={t('login.captcha')} width={120} height={40} />
    </button>
  );
}
