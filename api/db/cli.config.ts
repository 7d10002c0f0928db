/** The MikroORM CLI's configuration (package.json "mikro-orm".configPaths): every module's entities. */
import { entitiesOf } from '../common/module.js';
import { SERVER_MODULES } from '../modules/index.js';
import { ormOptions } from './orm.config.js';

export default ormOptions({ entities: entitiesOf(SERVER_MODULES), databaseUrl: process.env.DATABASE_URL || null, dataDir: process.env.DATA_DIR || './data' });
