import type { ServerModule } from '../../common/module.js';
import { myDataRoutes } from './my-data.routes.js';

/** The personal data export's manifest ("Export my data" in Settings): REST downloads only, over the other modules' reads. */
export const myDataModule: ServerModule = {
  name: 'my-data',
  routes: myDataRoutes,
};
