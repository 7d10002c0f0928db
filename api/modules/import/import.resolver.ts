import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { importJobView, ImportJobView } from './import.presenter.js';
import * as imports from './import.service.js';

/** GraphQL adapter of the import service: reading an import's progress (the upload is REST, POST /api/imports). */
@Resolver(() => ImportJobView)
export class ImportResolver {
  @Query(() => ImportJobView, { description: "An import's progress and result (its creator and admins; NOT_FOUND for anyone else)" })
  async importJob(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<ImportJobView> {
    return importJobView(await imports.getImportJob(ctx, id));
  }

  @Query(() => [ImportJobView], { description: "The viewer's newest imports (at most 10), newest first" })
  async myImports(@Ctx() ctx: ServiceContext): Promise<ImportJobView[]> {
    return (await imports.listMyImports(ctx)).map(importJobView);
  }
}
