import type { Router } from 'express';
import type { LoaderFactory } from './loaders.js';

/** A class type-graphql reads resolvers from, or MikroORM an entity. */
export type ModuleClass = abstract new (...args: never[]) => object;

/**
 * What a server module offers the composition root: its entities, its GraphQL resolvers, its REST
 * router and per-request loaders. Each folder exports one from its `index.ts`; the list of them in
 * `api/modules/index.ts` is the one place that names every module. Modules that offer one another a
 * contract (task parts, config key holders) declare its slot on this interface where the contract is
 * defined (declaration merging), so this file names no feature.
 */
export interface ServerModule {
  readonly name: string;
  /** Persisted entities; both databases' migrations are generated from all modules' entities. */
  readonly entities?: readonly ModuleClass[];
  /** type-graphql resolver classes. */
  readonly resolvers?: readonly ModuleClass[];
  /** The module's REST routes under /api, mounted in the order of the module list. */
  readonly routes?: () => Router;
  /** The module's per-request loaders. */
  readonly loaders?: LoaderFactory;
}

/** The entities of these modules, in their order. */
export const entitiesOf = (modules: readonly ServerModule[]): ModuleClass[] => modules.flatMap((m) => m.entities ?? []);

/** The resolver classes of these modules, in their order. */
export const resolversOf = (modules: readonly ServerModule[]): ModuleClass[] => modules.flatMap((m) => m.resolvers ?? []);
