import { useCallback, useMemo } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { DEFAULT_CATEGORIES, DEFAULT_PRIORITIES } from '../../../../schema/domain/catalog';
import { displayName, useViewer } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import type { PickerConfig_ItemFragment, TaskPerson_UserFragment } from '../../../gql/graphql';
import {
  CreatePickerConfigMutation,
  CreatePickerProjectMutation,
  PickerConfigFragment,
  PickerProjectFragment,
  TaskPickerOptionsQuery,
} from '../pickers.graphql';
import type { PickerOption } from '../components/ConfigPicker';

const configOptions = (
  items: readonly PickerConfig_ItemFragment[] | undefined,
  defaults: readonly { key: string; label: string; color: string }[],
): PickerOption[] => {
  const active = (items ?? []).filter((i) => i.isActive);
  if (!active.length) return defaults.map((d) => ({ value: d.key, label: d.label, color: d.color }));
  return [...active].sort((a, b) => a.sortOrder - b.sortOrder).map((i) => ({ value: i.configKey, label: i.displayLabel, color: i.color }));
};

export interface AssigneeOption {
  value: string;
  label: string;
}

/**
 * The pickers' choices. Assignees follow the roles: members Unassigned or themselves; managers also
 * their reportees (users whose managerId is theirs); admins anyone. A current assignee outside those
 * choices is kept so the form shows it.
 */
export function usePickerOptions(currentAssignee?: TaskPerson_UserFragment | null) {
  const viewer = useViewer();
  const { data, loading } = useQuery(TaskPickerOptionsQuery);

  const assignees = useMemo<AssigneeOption[]>(() => {
    const users = data?.users ?? [];
    const allowed = users.filter((u) => {
      if (u.id === viewer.id) return false;
      if (viewer.role === 'admin') return true;
      return viewer.role === 'manager' && u.managerId === viewer.id;
    });
    const out: AssigneeOption[] = [
      { value: '', label: 'Unassigned' },
      { value: viewer.id, label: `${displayName(viewer)} (me)` },
      ...allowed.map((u) => ({ value: u.id, label: displayName(u) })).sort((a, b) => a.label.localeCompare(b.label)),
    ];
    if (currentAssignee && !out.some((o) => o.value === currentAssignee.id)) out.push({ value: currentAssignee.id, label: displayName(currentAssignee) });
    return out;
  }, [data, viewer, currentAssignee]);

  const projects = useMemo<PickerOption[]>(
    () => (data?.projects ?? []).filter((p) => p.isActive).map((p) => ({ value: p.name, label: p.name, color: p.color })),
    [data],
  );
  const categories = useMemo(() => configOptions(data?.categories, DEFAULT_CATEGORIES), [data]);
  const priorities = useMemo(() => configOptions(data?.priorities, DEFAULT_PRIORITIES), [data]);
  const people = data?.users ?? [];

  return { assignees, projects, categories, priorities, people, loading };
}

/** Inline creation from the pickers, with their toasts ('Project created', 'Category created', ...); resolves to the new value or null. */
export function usePickerCreate() {
  const { toast } = useToast();
  const [createProjectMutation] = useMutation(CreatePickerProjectMutation);
  const [createConfigMutation] = useMutation(CreatePickerConfigMutation);

  const createProject = useCallback(
    async (name: string): Promise<string | null> => {
      const trimmed = name.trim();
      if (!trimmed) return null;
      try {
        const result = await createProjectMutation({
          variables: { input: { name: trimmed } },
          update: (cache, { data }) => {
            if (!data) return;
            cache.modify({
              id: 'ROOT_QUERY',
              fields: {
                projects(existing = [], { readField }) {
                  const list = existing as readonly { __ref: string }[];
                  if (list.some((r) => readField('id', r) === data.createProject.id)) return list;
                  const ref = cache.writeFragment({ fragment: PickerProjectFragment, data: data.createProject });
                  return ref ? [...list, ref] : list;
                },
              },
            });
          },
        });
        toast({ title: 'Project created', description: `"${trimmed}" was added.` });
        return result.data?.createProject.name ?? trimmed;
      } catch (error) {
        toast({ title: 'Error creating project', description: errorMessage(error, 'Failed to create project'), variant: 'destructive' });
        return null;
      }
    },
    [createProjectMutation, toast],
  );

  const createConfig = useCallback(
    async (configType: 'categories' | 'priorities', name: string): Promise<string | null> => {
      const trimmed = name.trim();
      if (!trimmed) return null;
      const noun = configType === 'categories' ? 'category' : 'priority';
      try {
        const result = await createConfigMutation({
          variables: { input: { configType, configKey: trimmed.toLowerCase(), displayLabel: trimmed, isActive: true } },
          update: (cache, { data }) => {
            if (!data) return;
            cache.modify({
              id: 'ROOT_QUERY',
              fields: {
                systemConfigs(existing = [], { storeFieldName, readField }) {
                  if (!storeFieldName.includes(`"${configType}"`)) return existing;
                  const list = existing as readonly { __ref: string }[];
                  if (list.some((r) => readField('id', r) === data.createSystemConfig.id)) return list;
                  const ref = cache.writeFragment({ fragment: PickerConfigFragment, data: data.createSystemConfig });
                  return ref ? [...list, ref] : list;
                },
              },
            });
          },
        });
        toast({ title: noun === 'category' ? 'Category created' : 'Priority created', description: `"${trimmed}" was added.` });
        return result.data?.createSystemConfig.configKey ?? trimmed.toLowerCase();
      } catch (error) {
        toast({
          title: noun === 'category' ? 'Error creating category' : 'Error creating priority',
          description: errorMessage(error, noun === 'category' ? 'Failed to create category' : 'Failed to create priority'),
          variant: 'destructive',
        });
        return null;
      }
    },
    [createConfigMutation, toast],
  );

  return { createProject, createConfig };
}
