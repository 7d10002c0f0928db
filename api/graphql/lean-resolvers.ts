import { isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { getMetadataStorage } from 'type-graphql';

type FieldMetadata = ReturnType<typeof getMetadataStorage>['fields'][number];
type ParamKind = 'root' | 'context' | 'info';
interface SimpleParam {
  kind: ParamKind;
  index: number;
  propertyName?: string;
  getType?: () => unknown;
}

/**
 * Leaves plain fields (`@Field()` properties) to the executor's own property read. type-graphql gives
 * every such field a resolver that builds a resolver-data object and runs the (here empty) middleware
 * chain to return `root[name]`; graphql-jit compiles a field without a resolver into an inline property
 * read, but one with a resolver into a deferred call with its own result and error handling. A page of
 * 500 cards reads some 10,000 such fields. Only where the wrapper has nothing to do: no middleware, no
 * roles, the property named as the field (the default read uses the field's name), and no field
 * resolver for it. The schema is built without global middleware (schema.ts).
 */
export function plainFieldReads(schema: GraphQLSchema): void {
  const storage = getMetadataStorage();
  const resolved = (field: FieldMetadata) => storage.fieldResolvers.some((r) => r.getObjectType?.() === field.target && r.methodName === field.name);
  for (const objectClass of storage.objectTypes) {
    const objectType = schema.getType(objectClass.name);
    if (!isObjectType(objectType)) continue;
    const fields = objectType.getFields();
    const target = objectClass.target;
    for (const meta of storage.fields) {
      if (meta.target !== target && !(target.prototype instanceof meta.target)) continue;
      const field = fields[meta.schemaName];
      if (!field?.resolve || meta.name !== meta.schemaName || meta.middlewares?.length || meta.roles?.length || resolved(meta)) continue;
      field.resolve = undefined;
    }
  }
}

/**
 * Calls type-graphql field resolvers (`@FieldResolver` methods) without its per-call wrapper, where that
 * wrapper has nothing to do: no middleware, no roles, and parameters that are only @Root(), @Ctx() and
 * @Info(). type-graphql builds a resolver-data object, asks its container for the instance, sorts and
 * maps the parameter list and checks for promises on every call; a page of 500 cards calls six such
 * resolvers per card. The lean call passes the same values in the same order to the same method of the
 * same kind of instance (resolver classes here hold no state). A root that is not already an instance of
 * the parameter's type (type-graphql would copy it into one) goes through type-graphql's own resolver.
 * Any other field resolver (arguments, middleware) keeps type-graphql's.
 */
export function leanFieldResolvers(schema: GraphQLSchema): void {
  const instances = new Map<abstract new () => unknown, Record<string, (...args: unknown[]) => unknown>>();
  for (const meta of getMetadataStorage().fieldResolvers) {
    if (meta.kind !== 'external' || meta.middlewares?.length || meta.roles?.length || !meta.getObjectType) continue;
    const params = [...((meta.params ?? []) as unknown as SimpleParam[])].sort((a, b) => a.index - b.index);
    if (!params.every((p, i) => p.index === i && ['root', 'context', 'info'].includes(p.kind) && !p.propertyName)) continue;
    const objectType = schema.getType((meta.getObjectType() as { name: string }).name);
    if (!isObjectType(objectType)) continue;
    const field = objectType.getFields()[meta.schemaName];
    const original = field?.resolve;
    if (!field || !original) continue;

    const RootType = params.find((p) => p.kind === 'root')?.getType?.();
    if (RootType !== undefined && typeof RootType !== 'function') continue;
    const target = meta.target as new () => Record<string, (...args: unknown[]) => unknown>;
    const method = meta.methodName;
    const kinds = params.map((p) => p.kind);
    const instanceOf = (): Record<string, (...args: unknown[]) => unknown> => {
      let instance = instances.get(target);
      if (!instance) instances.set(target, (instance = new target()));
      return instance;
    };
    const lean: GraphQLFieldResolver<unknown, unknown> = (root, args, context, info) => {
      if (RootType && !(root instanceof (RootType as abstract new () => unknown))) return original(root, args, context, info);
      const instance = instanceOf();
      if (kinds.length === 2 && kinds[0] === 'root' && kinds[1] === 'context') return instance[method](root, context);
      return instance[method](...kinds.map((kind) => (kind === 'root' ? root : kind === 'context' ? context : info)));
    };
    field.resolve = lean;
  }
}
