import type { Router } from 'express';

/** REST routers of the feature modules beyond auth and tasks; a module adds its router factory here. */
export const REST_MODULES: (() => Router)[] = [];
