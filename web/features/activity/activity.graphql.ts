import { graphql } from '../../gql';

/** One timeline entry: who, what, when, the task, the changed fields, and what Restore would do. */
export const ActivityEntryFragment = graphql(`
  fragment ActivityEntry_entry on AuditEntry {
    id
    action
    description
    entityType
    taskId
    createdAt
    userId
    userName
    restore
    changes {
      field
      oldValue
      newValue
    }
  }
`);

/** The timeline's one query: a page of the activity connection, newest first, filtered on the server. */
export const ActivityTimelineQuery = graphql(`
  query ActivityTimeline($filter: ActivityFilter, $first: Int, $after: String) {
    activity(filter: $filter, first: $first, after: $after) {
      totalCount
      days {
        date
        count
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...ActivityEntry_entry
      }
    }
  }
`);

/** A nudge that something changed (the entries themselves are read with the timeline's query). */
export const ActivityLiveSubscription = graphql(`
  subscription ActivityLive {
    boardEvents {
      seq
      kind
      taskId
    }
  }
`);

export const RestoreFromAuditMutation = graphql(`
  mutation RestoreFromAudit($auditId: ID!) {
    restoreFromAudit(auditId: $auditId) {
      ...TaskDetails_task
      ...TaskCard_task
    }
  }
`);
