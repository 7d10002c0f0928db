import { graphql } from '../../gql';

/** An import as the progress bar and the report show it. */
export const ImportJobFragment = graphql(`
  fragment ImportJobView_job on ImportJob {
    id
    source
    status
    fileName
    total
    processed
    created {
      tasks
      subtasks
      comments
    }
    skipped {
      ref
      reason
    }
    error
    createdAt
  }
`);

export const ImportJobQuery = graphql(`
  query ImportJob($id: ID!) {
    importJob(id: $id) {
      ...ImportJobView_job
    }
  }
`);

/** The viewer's newest imports: the screen picks a running one up again after a reload. */
export const MyImportsQuery = graphql(`
  query MyImports {
    myImports {
      ...ImportJobView_job
    }
  }
`);

/** The people an admin can import for. */
export const ImportPeopleQuery = graphql(`
  query ImportPeople {
    users {
      id
      username
      firstName
      lastName
      isActive
    }
  }
`);
