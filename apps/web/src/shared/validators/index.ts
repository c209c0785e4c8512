import type { TFunction } from 'i18next';
import type { Rule } from 'antd/es/form';
import { checkMobile } from '@forecourt/contracts';

/** antd rule for a mobile number, with the spec's messages. */
export const mobileRule = (t: TFunction): Rule => ({
  validator: (_, value: string | undefined) => {
    const problem = checkMobile(value);
    if (!problem) return Promise.resolve();
    return Promise.reject(new Error(t(problem === 'mobile.empty' ? 'mobile.empty' : 'mobile.length')));
  },
});
