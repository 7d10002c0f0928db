import type { ConfigKeyHolder } from '../config/config-key-holders.js';
import { TaskTemplate } from './template.entity.js';

/** Templates keep a renamed category or priority key (config-key-holders.ts); nothing is pushed live. */
export const templateConfigKeys: ConfigKeyHolder = {
  async renameKey(ctx, field, from, to) {
    await ctx.em.nativeUpdate(TaskTemplate, { [field]: from }, { [field]: to });
    return [];
  },
};
