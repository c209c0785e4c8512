import type { ServerModule } from '../module.js';
import { userRoutes } from './routes.js';
import { userAdminRoutes } from './admin-routes.js';
import './messages.js';

export const userModule: ServerModule = {
  name: 'user',
  routes: async (app) => {
    await userRoutes(app);
    await userAdminRoutes(app);
  },
};

export {
  checkMobile,
  consumeSmsCode,
  devOutboxSender,
  issueSmsCode,
  setSmsSender,
  smsGatewayConfigured,
} from './sms.js';
