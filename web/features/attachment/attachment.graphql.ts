import { graphql } from '../../gql';

export const AttachmentFragment = graphql(`
  fragment AttachmentItem_attachment on Attachment {
    id
    name
    size
    contentType
    createdAt
    url
    uploadedBy {
      id
      username
      firstName
      lastName
    }
    viewerCan {
      update
      delete
    }
  }
`);

/** A task's files (the task details' Attachments section); refetched after an upload and on live task events. */
export const TaskAttachmentsQuery = graphql(`
  query TaskAttachments($taskId: ID!) {
    task(id: $taskId) {
      id
      attachments {
        ...AttachmentItem_attachment
      }
    }
  }
`);

/** The files of a task's comments, read again after a comment's files were sent (the comments show them). */
export const TaskCommentFilesQuery = graphql(`
  query TaskCommentFiles($taskId: ID!) {
    task(id: $taskId) {
      id
      comments {
        id
        attachments {
          ...AttachmentItem_attachment
        }
      }
    }
  }
`);

export const RenameAttachmentMutation = graphql(`
  mutation RenameAttachment($id: ID!, $name: String!) {
    renameAttachment(id: $id, name: $name) {
      ...AttachmentItem_attachment
    }
  }
`);

export const DeleteAttachmentMutation = graphql(`
  mutation DeleteAttachment($id: ID!) {
    deleteAttachment(id: $id)
  }
`);
