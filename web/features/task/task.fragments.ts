import { graphql } from '../../gql';

/** A person as the task screens show them (names, and the reporting line for assignee choices). */
export const TaskPerson = graphql(`
  fragment TaskPerson_user on User {
    id
    username
    firstName
    lastName
    managerId
  }
`);

/**
 * What every task screen reads of a task: the planner's card (TaskCard_task is this alone), and the
 * start of the details below. One list of fields, so a card and an open task never disagree.
 */
export const TaskBaseFragment = graphql(`
  fragment TaskBase_task on Task {
    id
    version
    title
    description
    project
    category
    priority
    status
    progress
    column
    tags
    dueDate
    scheduledDate
    scheduledTime
    estimatedHours
    assignedToId
    assignedTo {
      ...TaskPerson_user
    }
    createdById
    completedAt
    isOverdue
    subtaskCount {
      total
      done
    }
    commentCount
    attachmentCount
    viewerCan {
      update
      delete
    }
    createdAt
    updatedAt
  }
`);

/** Every field the task details sheet and dialog show and edit: the base, who created it and how it repeats. */
export const TaskDetailsFragment = graphql(`
  fragment TaskDetails_task on Task {
    ...TaskBase_task
    createdBy {
      ...TaskPerson_user
    }
    descriptionMentions {
      userId
      name
      start
      end
    }
    isRepeatable
    repeatPattern
    repeatInterval
    repeatEndDate
  }
`);

export const SubtaskFragment = graphql(`
  fragment SubtaskItem_subtask on Subtask {
    id
    version
    taskId
    title
    description
    status
    dueDate
    estimatedHours
    tags
    assignedToId
    assignedTo {
      ...TaskPerson_user
    }
    createdAt
    updatedAt
    viewerCan {
      update
      delete
    }
  }
`);

export const CommentFragment = graphql(`
  fragment CommentItem_comment on TaskComment {
    id
    taskId
    userId
    content
    commentType
    isInternal
    createdAt
    mentions {
      userId
      name
      start
      end
    }
    author {
      ...TaskPerson_user
    }
    viewerCan {
      update
      delete
    }
    attachments {
      ...AttachmentItem_attachment
    }
  }
`);

export const AuditEntryFragment = graphql(`
  fragment ActivityLogEntry_entry on AuditEntry {
    id
    action
    description
    entityType
    createdAt
    userId
    userName
    changes {
      field
      oldValue
      newValue
    }
  }
`);
