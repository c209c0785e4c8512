import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** What antd's and antd-mobile's form instances share (both are rc-field-form). */
interface Revalidatable {
  getFieldsError: () => Array<{ name: Array<string | number>; errors: unknown[] }>;
  validateFields: (names: Array<Array<string | number>>) => Promise<unknown>;
}

/**
 * A form's error messages are strings made when the field was validated, so after a language switch they
 * would stay in the old language. The fields that show an error are validated again once the form has
 * re-rendered with the new language's rules; fields without an error are left alone (no new red).
 * Works with whichever i18next instance the component reads (the shell's or the mobile page's).
 */
export function useRevalidateOnLanguage(form: Revalidatable) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const shown = useRef(lang);
  useEffect(() => {
    if (shown.current === lang) return;
    shown.current = lang;
    const failing = form.getFieldsError().filter((f) => f.errors.length > 0);
    // A rejected validation is the expected answer here: the fields are still wrong, now in this language.
    if (failing.length) form.validateFields(failing.map((f) => f.name)).catch(() => undefined);
  }, [form, lang]);
}
