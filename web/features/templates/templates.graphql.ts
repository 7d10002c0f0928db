import { graphql } from '../../gql';

export const TemplateSubtaskFragment = graphql(`
  fragment TemplateSubtask_item on TemplateSubtask {
    id
    title
    description
    status
    estimatedHours
    position
  }
`);

export const TemplateCardFragment = graphql(`
  fragment TemplateCard_template on TaskTemplate {
    id
    version
    name
    title
    description
    project
    category
    priority
    estimatedHours
    tags
    defaultAssigneeId
    defaultAssignee {
      id
      name
    }
    subtasks {
      ...TemplateSubtask_item
    }
    viewerCan {
      update
      delete
    }
  }
`);

/** The templates screen (admin tab and planner view): every template, by name. */
export const TaskTemplatesQuery = graphql(`
  query TaskTemplates {
    taskTemplates {
      ...TemplateCard_template
    }
  }
`);

export const CreateTemplateMutation = graphql(`
  mutation CreateTaskTemplate($input: TaskTemplateInput!) {
    createTaskTemplate(input: $input) {
      ...TemplateCard_template
    }
  }
`);

export const UpdateTemplateMutation = graphql(`
  mutation UpdateTaskTemplate($id: ID!, $input: TaskTemplateInput!) {
    updateTaskTemplate(id: $id, input: $input) {
      ...TemplateCard_template
    }
  }
`);

export const DeleteTemplateMutation = graphql(`
  mutation DeleteTaskTemplate($id: ID!) {
    deleteTaskTemplate(id: $id)
  }
`);

export const CreateTaskFromTemplateMutation = graphql(`
  mutation CreateTaskFromTemplate($id: ID!) {
    createTaskFromTemplate(id: $id) {
      ...TaskDetails_task
      ...TaskCard_task
    }
  }
`);
