import { SALES_MESSAGES } from '@forecourt/contracts/sales';
import { registerMessages } from '../../platform/i18n.js';

// The rules' own messages live with the rules (shared with the web); the server's come here.
registerMessages(
  {
    ...SALES_MESSAGES.zh,
    'sales.userInquiryTaken': '该用户询价已被其他同事认领',
  },
  {
    ...SALES_MESSAGES.en,
    'sales.userInquiryTaken': 'This user inquiry has already been claimed by a colleague',
  },
);
