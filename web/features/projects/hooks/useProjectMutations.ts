import { useCallback } from 'react';
import type { ApolloCache, Reference } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import type { ProjectCard_ProjectFragment, ProjectInput } from '../../../gql/graphql';
import { CreateProjectMutation, DeleteProjectMutation, UpdateProjectMutation } from '../projects.graphql';

/**
 * Applies a project change to the cached project list (Query.projects, which the Projects panel and
 * the task pickers share): `upsert` adds the project (already written to the cache) if missing and
 * keeps the list in name order; `removeId` evicts the project from every list.
 */
export function applyProjectChange(cache: ApolloCache, change: { upsert: { id: string } } | { removeId: string }): void {
  if ('removeId' in change) {
    cache.evict({ id: cache.identify({ __typename: 'Project', id: change.removeId }) });
    cache.gc();
    return;
  }
  const id = cache.identify({ __typename: 'Project', ...change.upsert });
  if (!id) return;
  cache.modify({
    fields: {
      projects(existing: readonly Reference[] = [], { readField, toReference }) {
        const ref = toReference(id);
        if (!ref) return existing;
        const list = existing.some((r) => r.__ref === ref.__ref) ? [...existing] : [...existing, ref];
        const nameOf = (r: Reference) => readField<string>('name', r) ?? '';
        return list.sort((a, b) => nameOf(a).localeCompare(nameOf(b), undefined, { sensitivity: 'base' }));
      },
    },
  });
}

/** Creates a project and adds it to the cached list (in name order). */
export function useCreateProject(): (input: ProjectInput) => Promise<ProjectCard_ProjectFragment> {
  const [mutate] = useMutation(CreateProjectMutation);
  return useCallback(
    async (input) => {
      const { data } = await mutate({
        variables: { input },
        update(cache, result) {
          const created = result.data?.createProject;
          if (created) applyProjectChange(cache, { upsert: created });
        },
      });
      if (!data) throw new Error('Failed to create project');
      return data.createProject;
    },
    [mutate],
  );
}

/** Updates a project (admins); the normalised cache updates every card showing it. */
export function useUpdateProject(): (id: string, input: ProjectInput) => Promise<ProjectCard_ProjectFragment> {
  const [mutate] = useMutation(UpdateProjectMutation);
  return useCallback(
    async (id, input) => {
      const { data } = await mutate({
        variables: { id, input },
        update(cache, result) {
          const updated = result.data?.updateProject;
          if (updated) applyProjectChange(cache, { upsert: updated }); // a rename may change its place
        },
      });
      if (!data) throw new Error('Failed to update project');
      return data.updateProject;
    },
    [mutate],
  );
}

/** Deletes a project (admins) and removes it from the cache. */
export function useDeleteProject(): (id: string) => Promise<void> {
  const [mutate] = useMutation(DeleteProjectMutation);
  return useCallback(
    async (id) => {
      await mutate({
        variables: { id },
        update(cache) {
          applyProjectChange(cache, { removeId: id });
        },
      });
    },
    [mutate],
  );
}
