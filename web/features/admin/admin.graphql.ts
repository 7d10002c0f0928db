import { graphql } from '../../gql';

export const AdminUserFragment = graphql(`
  fragment AdminUser_user on User {
    id
    username
    email
    firstName
    lastName
    name
    role
    isActive
    managerId
    createdAt
  }
`);

export const AdminConfigFragment = graphql(`
  fragment AdminConfig_item on SystemConfig {
    id
    configType
    configKey
    displayLabel
    color
    isActive
    sortOrder
    value
    viewerCan {
      update
      delete
    }
  }
`);

/** The admin dashboard: summary figures, users, categories and priorities, readiness. */
export const AdminDashboardQuery = graphql(`
  query AdminDashboard {
    users {
      ...AdminUser_user
    }
    projects {
      id
      isActive
    }
    allConfigs: systemConfigs {
      id
    }
    categories: systemConfigs(configType: "categories") {
      ...AdminConfig_item
    }
    priorities: systemConfigs(configType: "priorities") {
      ...AdminConfig_item
    }
    systemStatus {
      ready
      databaseReachable
      redisReachable
      database
      liveUpdates
      checkedAt
    }
  }
`);

export const CreateUserMutation = graphql(`
  mutation AdminCreateUser($input: UserInput!) {
    createUser(input: $input) {
      ...AdminUser_user
    }
  }
`);

export const UpdateUserMutation = graphql(`
  mutation AdminUpdateUser($id: ID!, $input: UserInput!) {
    updateUser(id: $id, input: $input) {
      ...AdminUser_user
    }
  }
`);

export const SetUserActiveMutation = graphql(`
  mutation AdminSetUserActive($id: ID!, $isActive: Boolean!) {
    setUserActive(id: $id, isActive: $isActive) {
      ...AdminUser_user
    }
  }
`);

export const DeleteUserMutation = graphql(`
  mutation AdminDeleteUser($id: ID!) {
    deleteUser(id: $id)
  }
`);

export const CreateConfigMutation = graphql(`
  mutation AdminCreateConfig($input: SystemConfigInput!) {
    createSystemConfig(input: $input) {
      ...AdminConfig_item
      ...PickerConfig_item
    }
  }
`);

export const UpdateConfigMutation = graphql(`
  mutation AdminUpdateConfig($id: ID!, $input: SystemConfigInput!) {
    updateSystemConfig(id: $id, input: $input) {
      ...AdminConfig_item
    }
  }
`);

export const DeleteConfigMutation = graphql(`
  mutation AdminDeleteConfig($id: ID!) {
    deleteSystemConfig(id: $id)
  }
`);

export const OrgTeamFragment = graphql(`
  fragment OrgTeam_team on Team {
    id
    name
    description
    color
    isActive
    functionId
    managerId
    skillCategories
    manager {
      id
      name
    }
    members {
      id
      userId
      isActive
      user {
        id
        name
        username
      }
    }
  }
`);

export const OrgFunctionFragment = graphql(`
  fragment OrgFunction_function on OrgFunction {
    id
    name
    description
    color
    isActive
    headId
    head {
      id
      name
    }
  }
`);

/** The organisation tab: functions, teams with their members, and the people to choose from. */
export const OrganizationQuery = graphql(`
  query AdminOrganization {
    functions {
      ...OrgFunction_function
    }
    teams {
      ...OrgTeam_team
    }
    users {
      ...AdminUser_user
    }
  }
`);

export const CreateFunctionMutation = graphql(`
  mutation AdminCreateFunction($input: FunctionInput!) {
    createFunction(input: $input) {
      ...OrgFunction_function
    }
  }
`);

export const UpdateFunctionMutation = graphql(`
  mutation AdminUpdateFunction($id: ID!, $input: FunctionInput!) {
    updateFunction(id: $id, input: $input) {
      ...OrgFunction_function
    }
  }
`);

export const CreateTeamMutation = graphql(`
  mutation AdminCreateTeam($input: TeamInput!) {
    createTeam(input: $input) {
      ...OrgTeam_team
    }
  }
`);

export const UpdateTeamMutation = graphql(`
  mutation AdminUpdateTeam($id: ID!, $input: TeamInput!) {
    updateTeam(id: $id, input: $input) {
      ...OrgTeam_team
    }
  }
`);

export const AddTeamMemberMutation = graphql(`
  mutation AdminAddTeamMember($teamId: ID!, $userId: ID!) {
    addTeamMember(teamId: $teamId, userId: $userId) {
      id
      team {
        ...OrgTeam_team
      }
    }
  }
`);

export const RemoveTeamMemberMutation = graphql(`
  mutation AdminRemoveTeamMember($id: ID!) {
    removeTeamMember(id: $id)
  }
`);
