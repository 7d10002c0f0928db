import { graphql } from '../../gql';

/** A listing row: every field a view's columns may show. */
export const ListingRowFragment = graphql(`
  fragment ListingRow_task on Task {
    id
    title
    description
    status
    priority
    category
    project
    tags
    dueDate
    scheduledDate
    estimatedHours
    progress
    createdAt
    updatedAt
    assignedToId
    assignedTo {
      ...TaskPerson_user
    }
    createdById
    createdBy {
      ...TaskPerson_user
    }
    timeSpentMinutes @include(if: $withSpent)
  }
`);

/**
 * The listing's one query: a page of the server-side filtered and sorted tasks connection, with the
 * total for '{n} task(s) found'. `latestSeq` starts the live stream from where this read stood. The
 * time spent is read only when the Spent column shows (`withSpent`).
 */
export const ListingTasksQuery = graphql(`
  query ListingTasks($filter: TaskFilter, $first: Int, $after: String, $sortBy: String, $sortOrder: String, $withSpent: Boolean! = false) {
    tasks(filter: $filter, first: $first, after: $after, sortBy: $sortBy, sortOrder: $sortOrder) {
      totalCount
      latestSeq
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...ListingRow_task
      }
    }
  }
`);

export const TaskViewFragment = graphql(`
  fragment ListingView_view on TaskView {
    id
    name
    description
    columns
    sortBy
    sortOrder
    isPublic
    sharedWith
    createdById
    filters {
      projects
      statuses
      tags
      assignees
      categories
      priorities
      search
      dateRange {
        start
        end
      }
      timeSpent
    }
    viewerCan {
      update
      delete
    }
  }
`);

/** Own, public and shared saved views (the picker). */
export const ListingViewsQuery = graphql(`
  query ListingViews {
    taskViews {
      ...ListingView_view
    }
  }
`);

export const CreateTaskViewMutation = graphql(`
  mutation CreateListingView($input: TaskViewInput!) {
    createTaskView(input: $input) {
      ...ListingView_view
    }
  }
`);

export const UpdateTaskViewMutation = graphql(`
  mutation UpdateListingView($id: ID!, $input: TaskViewInput!) {
    updateTaskView(id: $id, input: $input) {
      ...ListingView_view
    }
  }
`);

export const ShareTaskViewMutation = graphql(`
  mutation ShareListingView($id: ID!, $input: ShareTaskViewInput!) {
    shareTaskView(id: $id, input: $input) {
      ...ListingView_view
    }
  }
`);

export const DeleteTaskViewMutation = graphql(`
  mutation DeleteListingView($id: ID!) {
    deleteTaskView(id: $id)
  }
`);

/** The Tag filter's options: every tag of the tasks the viewer may read (not only the loaded rows). */
export const ListingTagsQuery = graphql(`
  query ListingTags {
    taskTags
  }
`);
