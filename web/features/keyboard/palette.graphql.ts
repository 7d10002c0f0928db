import { graphql } from '../../gql';

/** The palette's task search (server side: every column and date the viewer may read). */
export const PaletteTasksQuery = graphql(`
  query PaletteTasks($search: String!) {
    tasks(first: 8, filter: { search: $search }) {
      nodes {
        id
        title
        column
        scheduledDate
      }
    }
  }
`);
