import { graphql } from '../../gql';

/** The choices of the task form's pickers: people, projects, categories and priorities. */
export const TaskPickerOptionsQuery = graphql(`
  query TaskPickerOptions {
    users(includeInactive: false) {
      ...TaskPerson_user
      role
      isActive
    }
    projects {
      ...PickerProject_project
    }
    categories: systemConfigs(configType: "categories") {
      ...PickerConfig_item
    }
    priorities: systemConfigs(configType: "priorities") {
      ...PickerConfig_item
    }
  }
`);

export const PickerProjectFragment = graphql(`
  fragment PickerProject_project on Project {
    id
    name
    color
    isActive
  }
`);

export const PickerConfigFragment = graphql(`
  fragment PickerConfig_item on SystemConfig {
    id
    configType
    configKey
    displayLabel
    color
    isActive
    sortOrder
  }
`);

export const CreatePickerProjectMutation = graphql(`
  mutation CreatePickerProject($input: ProjectInput!) {
    createProject(input: $input) {
      ...PickerProject_project
    }
  }
`);

export const CreatePickerConfigMutation = graphql(`
  mutation CreatePickerConfig($input: SystemConfigInput!) {
    createSystemConfig(input: $input) {
      ...PickerConfig_item
    }
  }
`);
