import { graphql } from '../../gql';

/** Everything a project card and the edit dialog show. */
export const ProjectCardFragment = graphql(`
  fragment ProjectCard_project on Project {
    id
    version
    name
    description
    charter
    color
    projectType
    visibility
    status
    priority
    progress
    projectManagerId
    projectManager {
      id
      name
    }
    functionId
    startDate
    endDate
    isActive
    isOverdue
    taskCounts {
      open
      done
    }
    viewerCan {
      update
      delete
    }
  }
`);

/**
 * The Projects panel's one query: the projects, the people and functions the form offers, and the
 * board log's position (so the live stream that refreshes the task counts starts from here).
 */
export const ProjectsPanelQuery = graphql(`
  query ProjectsPanel {
    projects {
      ...ProjectCard_project
    }
    users(includeInactive: false) {
      id
      name
    }
    functions {
      id
      name
      isActive
    }
    tasks(first: 1) {
      latestSeq
    }
  }
`);

export const CreateProjectMutation = graphql(`
  mutation CreateProject($input: ProjectInput!) {
    createProject(input: $input) {
      ...ProjectCard_project
    }
  }
`);

export const UpdateProjectMutation = graphql(`
  mutation UpdateProject($id: ID!, $input: ProjectInput!) {
    updateProject(id: $id, input: $input) {
      ...ProjectCard_project
    }
  }
`);

export const DeleteProjectMutation = graphql(`
  mutation DeleteProject($id: ID!) {
    deleteProject(id: $id)
  }
`);

/** Projects created, updated or deleted by anyone (REFETCH: reload the list; sent first on every (re)subscription). */
export const ProjectEventsSubscription = graphql(`
  subscription ProjectEvents {
    projectEvents {
      kind
      projectId
      project {
        ...ProjectCard_project
      }
    }
  }
`);
