import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import type { ProjectCard_ProjectFragment, ProjectInput } from '../../../gql/graphql';
import { CreateProjectMutation, DeleteProjectMutation, ProjectsPanelQuery, UpdateProjectMutation } from '../projects.graphql';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** Creates a project and adds it to the cached list (in name order). */
export function useCreateProject(): (input: ProjectInput) => Promise<ProjectCard_ProjectFragment> {
  const [mutate] = useMutation(CreateProjectMutation);
  return useCallback(
    async (input) => {
      const { data } = await mutate({
        variables: { input },
        update(cache, result) {
          const created = result.data?.createProject;
          if (!created) return;
          cache.updateQuery({ query: ProjectsPanelQuery }, (current) =>
            current && !current.projects.some((p) => p.id === created.id) ? { ...current, projects: [...current.projects, created].sort(byName) } : current,
          );
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
        update(cache) {
          cache.updateQuery({ query: ProjectsPanelQuery }, (current) => (current ? { ...current, projects: [...current.projects].sort(byName) } : current));
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
          cache.evict({ id: cache.identify({ __typename: 'Project', id }) });
          cache.gc();
        },
      });
    },
    [mutate],
  );
}
