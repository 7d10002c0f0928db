import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import type { Reference } from '@apollo/client';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import type { FunctionInput, TeamInput } from '../../../gql/graphql';
import {
  AddTeamMemberMutation,
  CreateFunctionMutation,
  CreateTeamMutation,
  OrgFunctionFragment,
  OrgTeamFragment,
  RemoveTeamMemberMutation,
  UpdateFunctionMutation,
  UpdateTeamMutation,
} from '../admin.graphql';

/** Functions, teams and memberships with their toasts; each resolves to true on success. */
export function useOrgMutations() {
  const { toast } = useToast();
  const [createFunctionMutation] = useMutation(CreateFunctionMutation);
  const [updateFunctionMutation] = useMutation(UpdateFunctionMutation);
  const [createTeamMutation] = useMutation(CreateTeamMutation);
  const [updateTeamMutation] = useMutation(UpdateTeamMutation);
  const [addMemberMutation] = useMutation(AddTeamMemberMutation);
  const [removeMemberMutation] = useMutation(RemoveTeamMemberMutation);

  const run = useCallback(
    async (action: () => Promise<unknown>, success: string, failureTitle: string, fallback: string): Promise<boolean> => {
      try {
        await action();
        toast({ title: 'Success', description: success });
        return true;
      } catch (error) {
        toast({ title: failureTitle, description: errorMessage(error, fallback), variant: 'destructive' });
        return false;
      }
    },
    [toast],
  );

  const createFunction = (input: FunctionInput) =>
    run(
      () =>
        createFunctionMutation({
          variables: { input },
          update: (cache, { data }) => {
            if (!data) return;
            cache.modify({
              id: 'ROOT_QUERY',
              fields: {
                functions(existing) {
                  const ref = cache.writeFragment({ fragment: OrgFunctionFragment, data: data.createFunction });
                  return ref ? [...((existing ?? []) as Reference[]), ref] : existing;
                },
              },
            });
          },
        }),
      'Function created successfully',
      'Error creating function',
      'Failed to create function',
    );

  const updateFunction = (id: string, input: FunctionInput) =>
    run(() => updateFunctionMutation({ variables: { id, input } }), 'Function updated successfully', 'Error updating function', 'Failed to update function');

  const createTeam = (input: TeamInput) =>
    run(
      () =>
        createTeamMutation({
          variables: { input },
          update: (cache, { data }) => {
            if (!data) return;
            cache.modify({
              id: 'ROOT_QUERY',
              fields: {
                teams(existing, { storeFieldName }) {
                  if (storeFieldName !== 'teams' && !storeFieldName.includes(data.createTeam.functionId)) return existing;
                  const ref = cache.writeFragment({ fragment: OrgTeamFragment, fragmentName: 'OrgTeam_team', data: data.createTeam });
                  return ref ? [...((existing ?? []) as Reference[]), ref] : existing;
                },
              },
            });
          },
        }),
      'Team created successfully',
      'Error creating team',
      'Failed to create team',
    );

  const updateTeam = (id: string, input: TeamInput) =>
    run(() => updateTeamMutation({ variables: { id, input } }), 'Team updated successfully', 'Error updating team', 'Failed to update team');

  const addMember = (teamId: string, userId: string) =>
    run(() => addMemberMutation({ variables: { teamId, userId } }), 'Team member added', 'Error adding team member', 'Failed to add team member');

  const removeMember = (membershipId: string) =>
    run(
      () =>
        removeMemberMutation({
          variables: { id: membershipId },
          update: (cache) => {
            cache.evict({ id: cache.identify({ __typename: 'TeamMember', id: membershipId }) });
            cache.gc();
          },
        }),
      'Team member removed',
      'Error removing team member',
      'Failed to remove team member',
    );

  return { createFunction, updateFunction, createTeam, updateTeam, addMember, removeMember };
}
