import type { ServerModule } from './module.js';
import { systemModule } from './system/index.js';
import { authModule } from './auth/index.js';
import { userModule } from './user/index.js';
import { tenantModule } from './tenant/index.js';
import { deskModule } from './desk/index.js';
import { storageModule } from './storage/index.js';
import { notifyModule } from './notify/index.js';
import { deptModule } from './dept/index.js';
import { outboxModule } from './outbox/index.js';
import { logsModule } from './logs/index.js';
import { noticeModule } from './notice/index.js';
import { mqModule } from './mq/index.js';
import { paramModule } from './param/index.js';
import { roleModule } from './role/index.js';
import { menuModule } from './menu/index.js';
import { dictModule } from './dict/index.js';
import { basicModule } from './basic/index.js';
import { memberModule } from './member/index.js';
import { riskModule } from './risk/index.js';
import { imModule } from './im/index.js';
import { salesModule } from './sales/index.js';
import { pointsModule } from './points/index.js';
import { contentModule } from './content/index.js';

/** Every server module, in dependency order (migrations and seeds run in this order). */
export const modules: ServerModule[] = [
  systemModule,
  menuModule,
  dictModule,
  basicModule,
  authModule,
  noticeModule,
  userModule,
  tenantModule,
  deskModule,
  storageModule,
  notifyModule,
  outboxModule,
  logsModule,
  deptModule,
  paramModule,
  roleModule,
  riskModule,
  memberModule,
  imModule,
  salesModule,
  pointsModule, // after sales: a settled order earns its customer points
  contentModule,
  // Last: its seed reads the demo offers, and its dispatcher starts after the routes that declare consumers.
  mqModule,
];

export type { ServerModule, SeedContext } from './module.js';
