/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment ViewerFields on User {\n    id\n    username\n    firstName\n    lastName\n    email\n    role\n    managerId\n  }\n": typeof types.ViewerFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...ViewerFields\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      ...ViewerFields\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  fragment TaskCard_task on Task {\n    id\n    title\n    description\n    project\n    category\n    priority\n    status\n    progress\n    column\n    tags\n    dueDate\n    scheduledDate\n    scheduledTime\n    estimatedHours\n    assignedToId\n    assignedTo {\n      id\n      firstName\n      lastName\n      username\n    }\n    createdById\n    completedAt\n    isOverdue\n    subtaskCount {\n      total\n      done\n    }\n    commentCount\n    viewerCan {\n      update\n      delete\n    }\n    createdAt\n    updatedAt\n  }\n": typeof types.TaskCard_TaskFragmentDoc,
    "\n  query PlannerTasks {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\") {\n      totalCount\n      latestSeq\n      nodes {\n        ...TaskCard_task\n      }\n    }\n  }\n": typeof types.PlannerTasksDocument,
    "\n  query PlannerTaskIds {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\") {\n      totalCount\n      nodes {\n        id\n      }\n    }\n  }\n": typeof types.PlannerTaskIdsDocument,
    "\n  query PlannerTasksPage($after: String) {\n    tasks(first: 500, after: $after, sortBy: \"createdAt\", sortOrder: \"desc\") {\n      totalCount\n      pageInfo {\n        hasNextPage\n      }\n      nodes {\n        ...TaskCard_task\n      }\n    }\n  }\n": typeof types.PlannerTasksPageDocument,
    "\n  mutation PlannerCreateTask($input: TaskInput!) {\n    createTask(input: $input) {\n      ...TaskCard_task\n    }\n  }\n": typeof types.PlannerCreateTaskDocument,
    "\n  mutation MoveTask($input: MoveTaskInput!) {\n    moveTask(input: $input) {\n      ...TaskCard_task\n    }\n  }\n": typeof types.MoveTaskDocument,
    "\n  mutation DeleteTasks($ids: [ID!]!) {\n    deleteTasks(ids: $ids)\n  }\n": typeof types.DeleteTasksDocument,
    "\n  subscription BoardEvents($since: Int) {\n    boardEvents(since: $since) {\n      ...BoardEvent_event\n    }\n  }\n": typeof types.BoardEventsDocument,
    "\n  fragment BoardEvent_event on BoardEvent {\n    seq\n    kind\n    taskId\n    entityId\n    task {\n      ...TaskDetails_task\n    }\n    subtaskCount {\n      done\n      total\n    }\n    commentCount\n  }\n": typeof types.BoardEvent_EventFragmentDoc,
    "\n  query TaskPickerOptions {\n    users(includeInactive: false) {\n      ...TaskPerson_user\n      role\n      isActive\n    }\n    projects {\n      ...PickerProject_project\n    }\n    categories: systemConfigs(configType: \"categories\") {\n      ...PickerConfig_item\n    }\n    priorities: systemConfigs(configType: \"priorities\") {\n      ...PickerConfig_item\n    }\n  }\n": typeof types.TaskPickerOptionsDocument,
    "\n  fragment PickerProject_project on Project {\n    id\n    name\n    color\n    isActive\n  }\n": typeof types.PickerProject_ProjectFragmentDoc,
    "\n  fragment PickerConfig_item on SystemConfig {\n    id\n    configType\n    configKey\n    displayLabel\n    color\n    isActive\n    sortOrder\n  }\n": typeof types.PickerConfig_ItemFragmentDoc,
    "\n  mutation CreatePickerProject($input: ProjectInput!) {\n    createProject(input: $input) {\n      ...PickerProject_project\n    }\n  }\n": typeof types.CreatePickerProjectDocument,
    "\n  mutation CreatePickerConfig($input: SystemConfigInput!) {\n    createSystemConfig(input: $input) {\n      ...PickerConfig_item\n    }\n  }\n": typeof types.CreatePickerConfigDocument,
    "\n  fragment TaskPerson_user on User {\n    id\n    username\n    firstName\n    lastName\n    managerId\n  }\n": typeof types.TaskPerson_UserFragmentDoc,
    "\n  fragment TaskDetails_task on Task {\n    id\n    title\n    description\n    project\n    category\n    priority\n    status\n    progress\n    column\n    tags\n    dueDate\n    scheduledDate\n    scheduledTime\n    estimatedHours\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdById\n    createdBy {\n      ...TaskPerson_user\n    }\n    isRepeatable\n    repeatPattern\n    repeatInterval\n    repeatEndDate\n    isOverdue\n    completedAt\n    createdAt\n    updatedAt\n    subtaskCount {\n      done\n      total\n    }\n    commentCount\n    viewerCan {\n      update\n      delete\n    }\n  }\n": typeof types.TaskDetails_TaskFragmentDoc,
    "\n  fragment SubtaskItem_subtask on Subtask {\n    id\n    taskId\n    title\n    description\n    status\n    dueDate\n    estimatedHours\n    tags\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdAt\n    updatedAt\n    viewerCan {\n      update\n      delete\n    }\n  }\n": typeof types.SubtaskItem_SubtaskFragmentDoc,
    "\n  fragment CommentItem_comment on TaskComment {\n    id\n    taskId\n    userId\n    content\n    commentType\n    isInternal\n    createdAt\n    author {\n      ...TaskPerson_user\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n": typeof types.CommentItem_CommentFragmentDoc,
    "\n  fragment ActivityLogEntry_entry on AuditEntry {\n    id\n    action\n    description\n    entityType\n    createdAt\n    userId\n    userName\n    changes {\n      field\n      oldValue\n      newValue\n    }\n  }\n": typeof types.ActivityLogEntry_EntryFragmentDoc,
    "\n  query TaskDetails($id: ID!) {\n    task(id: $id) {\n      ...TaskDetails_task\n      subtasks {\n        ...SubtaskItem_subtask\n      }\n      comments {\n        ...CommentItem_comment\n      }\n    }\n  }\n": typeof types.TaskDetailsDocument,
    "\n  query TaskActivity($taskId: ID!) {\n    taskAudit(taskId: $taskId) {\n      ...ActivityLogEntry_entry\n    }\n  }\n": typeof types.TaskActivityDocument,
    "\n  mutation CreateTask($input: TaskInput!) {\n    createTask(input: $input) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n": typeof types.CreateTaskDocument,
    "\n  mutation UpdateTask($id: ID!, $input: TaskInput!) {\n    updateTask(id: $id, input: $input) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n": typeof types.UpdateTaskDocument,
    "\n  mutation DeleteTask($id: ID!) {\n    deleteTask(id: $id)\n  }\n": typeof types.DeleteTaskDocument,
    "\n  mutation CreateSubtask($taskId: ID!, $input: SubtaskInput!) {\n    createSubtask(taskId: $taskId, input: $input) {\n      ...SubtaskItem_subtask\n    }\n  }\n": typeof types.CreateSubtaskDocument,
    "\n  mutation UpdateSubtask($id: ID!, $input: SubtaskInput!) {\n    updateSubtask(id: $id, input: $input) {\n      ...SubtaskItem_subtask\n    }\n  }\n": typeof types.UpdateSubtaskDocument,
    "\n  mutation DeleteSubtask($id: ID!) {\n    deleteSubtask(id: $id)\n  }\n": typeof types.DeleteSubtaskDocument,
    "\n  mutation PromoteSubtask($id: ID!) {\n    promoteSubtask(id: $id) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n": typeof types.PromoteSubtaskDocument,
    "\n  mutation AddComment($taskId: ID!, $input: CommentInput!) {\n    addComment(taskId: $taskId, input: $input) {\n      ...CommentItem_comment\n    }\n  }\n": typeof types.AddCommentDocument,
    "\n  mutation DeleteComment($id: ID!) {\n    deleteComment(id: $id)\n  }\n": typeof types.DeleteCommentDocument,
    "\n  subscription TaskDetailsEvents($taskId: ID, $since: Int) {\n    boardEvents(taskId: $taskId, since: $since) {\n      kind\n      taskId\n      entityId\n      task {\n        ...TaskDetails_task\n      }\n      subtask {\n        ...SubtaskItem_subtask\n      }\n      comment {\n        ...CommentItem_comment\n      }\n      subtaskCount {\n        done\n        total\n      }\n      commentCount\n    }\n  }\n": typeof types.TaskDetailsEventsDocument,
};
const documents: Documents = {
    "\n  fragment ViewerFields on User {\n    id\n    username\n    firstName\n    lastName\n    email\n    role\n    managerId\n  }\n": types.ViewerFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...ViewerFields\n    }\n  }\n": types.MeDocument,
    "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      ...ViewerFields\n    }\n  }\n": types.LoginDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  fragment TaskCard_task on Task {\n    id\n    title\n    description\n    project\n    category\n    priority\n    status\n    progress\n    column\n    tags\n    dueDate\n    scheduledDate\n    scheduledTime\n    estimatedHours\n    assignedToId\n    assignedTo {\n      id\n      firstName\n      lastName\n      username\n    }\n    createdById\n    completedAt\n    isOverdue\n    subtaskCount {\n      total\n      done\n    }\n    commentCount\n    viewerCan {\n      update\n      delete\n    }\n    createdAt\n    updatedAt\n  }\n": types.TaskCard_TaskFragmentDoc,
    "\n  query PlannerTasks {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\") {\n      totalCount\n      latestSeq\n      nodes {\n        ...TaskCard_task\n      }\n    }\n  }\n": types.PlannerTasksDocument,
    "\n  query PlannerTaskIds {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\") {\n      totalCount\n      nodes {\n        id\n      }\n    }\n  }\n": types.PlannerTaskIdsDocument,
    "\n  query PlannerTasksPage($after: String) {\n    tasks(first: 500, after: $after, sortBy: \"createdAt\", sortOrder: \"desc\") {\n      totalCount\n      pageInfo {\n        hasNextPage\n      }\n      nodes {\n        ...TaskCard_task\n      }\n    }\n  }\n": types.PlannerTasksPageDocument,
    "\n  mutation PlannerCreateTask($input: TaskInput!) {\n    createTask(input: $input) {\n      ...TaskCard_task\n    }\n  }\n": types.PlannerCreateTaskDocument,
    "\n  mutation MoveTask($input: MoveTaskInput!) {\n    moveTask(input: $input) {\n      ...TaskCard_task\n    }\n  }\n": types.MoveTaskDocument,
    "\n  mutation DeleteTasks($ids: [ID!]!) {\n    deleteTasks(ids: $ids)\n  }\n": types.DeleteTasksDocument,
    "\n  subscription BoardEvents($since: Int) {\n    boardEvents(since: $since) {\n      ...BoardEvent_event\n    }\n  }\n": types.BoardEventsDocument,
    "\n  fragment BoardEvent_event on BoardEvent {\n    seq\n    kind\n    taskId\n    entityId\n    task {\n      ...TaskDetails_task\n    }\n    subtaskCount {\n      done\n      total\n    }\n    commentCount\n  }\n": types.BoardEvent_EventFragmentDoc,
    "\n  query TaskPickerOptions {\n    users(includeInactive: false) {\n      ...TaskPerson_user\n      role\n      isActive\n    }\n    projects {\n      ...PickerProject_project\n    }\n    categories: systemConfigs(configType: \"categories\") {\n      ...PickerConfig_item\n    }\n    priorities: systemConfigs(configType: \"priorities\") {\n      ...PickerConfig_item\n    }\n  }\n": types.TaskPickerOptionsDocument,
    "\n  fragment PickerProject_project on Project {\n    id\n    name\n    color\n    isActive\n  }\n": types.PickerProject_ProjectFragmentDoc,
    "\n  fragment PickerConfig_item on SystemConfig {\n    id\n    configType\n    configKey\n    displayLabel\n    color\n    isActive\n    sortOrder\n  }\n": types.PickerConfig_ItemFragmentDoc,
    "\n  mutation CreatePickerProject($input: ProjectInput!) {\n    createProject(input: $input) {\n      ...PickerProject_project\n    }\n  }\n": types.CreatePickerProjectDocument,
    "\n  mutation CreatePickerConfig($input: SystemConfigInput!) {\n    createSystemConfig(input: $input) {\n      ...PickerConfig_item\n    }\n  }\n": types.CreatePickerConfigDocument,
    "\n  fragment TaskPerson_user on User {\n    id\n    username\n    firstName\n    lastName\n    managerId\n  }\n": types.TaskPerson_UserFragmentDoc,
    "\n  fragment TaskDetails_task on Task {\n    id\n    title\n    description\n    project\n    category\n    priority\n    status\n    progress\n    column\n    tags\n    dueDate\n    scheduledDate\n    scheduledTime\n    estimatedHours\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdById\n    createdBy {\n      ...TaskPerson_user\n    }\n    isRepeatable\n    repeatPattern\n    repeatInterval\n    repeatEndDate\n    isOverdue\n    completedAt\n    createdAt\n    updatedAt\n    subtaskCount {\n      done\n      total\n    }\n    commentCount\n    viewerCan {\n      update\n      delete\n    }\n  }\n": types.TaskDetails_TaskFragmentDoc,
    "\n  fragment SubtaskItem_subtask on Subtask {\n    id\n    taskId\n    title\n    description\n    status\n    dueDate\n    estimatedHours\n    tags\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdAt\n    updatedAt\n    viewerCan {\n      update\n      delete\n    }\n  }\n": types.SubtaskItem_SubtaskFragmentDoc,
    "\n  fragment CommentItem_comment on TaskComment {\n    id\n    taskId\n    userId\n    content\n    commentType\n    isInternal\n    createdAt\n    author {\n      ...TaskPerson_user\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n": types.CommentItem_CommentFragmentDoc,
    "\n  fragment ActivityLogEntry_entry on AuditEntry {\n    id\n    action\n    description\n    entityType\n    createdAt\n    userId\n    userName\n    changes {\n      field\n      oldValue\n      newValue\n    }\n  }\n": types.ActivityLogEntry_EntryFragmentDoc,
    "\n  query TaskDetails($id: ID!) {\n    task(id: $id) {\n      ...TaskDetails_task\n      subtasks {\n        ...SubtaskItem_subtask\n      }\n      comments {\n        ...CommentItem_comment\n      }\n    }\n  }\n": types.TaskDetailsDocument,
    "\n  query TaskActivity($taskId: ID!) {\n    taskAudit(taskId: $taskId) {\n      ...ActivityLogEntry_entry\n    }\n  }\n": types.TaskActivityDocument,
    "\n  mutation CreateTask($input: TaskInput!) {\n    createTask(input: $input) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n": types.CreateTaskDocument,
    "\n  mutation UpdateTask($id: ID!, $input: TaskInput!) {\n    updateTask(id: $id, input: $input) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n": types.UpdateTaskDocument,
    "\n  mutation DeleteTask($id: ID!) {\n    deleteTask(id: $id)\n  }\n": types.DeleteTaskDocument,
    "\n  mutation CreateSubtask($taskId: ID!, $input: SubtaskInput!) {\n    createSubtask(taskId: $taskId, input: $input) {\n      ...SubtaskItem_subtask\n    }\n  }\n": types.CreateSubtaskDocument,
    "\n  mutation UpdateSubtask($id: ID!, $input: SubtaskInput!) {\n    updateSubtask(id: $id, input: $input) {\n      ...SubtaskItem_subtask\n    }\n  }\n": types.UpdateSubtaskDocument,
    "\n  mutation DeleteSubtask($id: ID!) {\n    deleteSubtask(id: $id)\n  }\n": types.DeleteSubtaskDocument,
    "\n  mutation PromoteSubtask($id: ID!) {\n    promoteSubtask(id: $id) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n": types.PromoteSubtaskDocument,
    "\n  mutation AddComment($taskId: ID!, $input: CommentInput!) {\n    addComment(taskId: $taskId, input: $input) {\n      ...CommentItem_comment\n    }\n  }\n": types.AddCommentDocument,
    "\n  mutation DeleteComment($id: ID!) {\n    deleteComment(id: $id)\n  }\n": types.DeleteCommentDocument,
    "\n  subscription TaskDetailsEvents($taskId: ID, $since: Int) {\n    boardEvents(taskId: $taskId, since: $since) {\n      kind\n      taskId\n      entityId\n      task {\n        ...TaskDetails_task\n      }\n      subtask {\n        ...SubtaskItem_subtask\n      }\n      comment {\n        ...CommentItem_comment\n      }\n      subtaskCount {\n        done\n        total\n      }\n      commentCount\n    }\n  }\n": types.TaskDetailsEventsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ViewerFields on User {\n    id\n    username\n    firstName\n    lastName\n    email\n    role\n    managerId\n  }\n"): (typeof documents)["\n  fragment ViewerFields on User {\n    id\n    username\n    firstName\n    lastName\n    email\n    role\n    managerId\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      ...ViewerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      ...ViewerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TaskCard_task on Task {\n    id\n    title\n    description\n    project\n    category\n    priority\n    status\n    progress\n    column\n    tags\n    dueDate\n    scheduledDate\n    scheduledTime\n    estimatedHours\n    assignedToId\n    assignedTo {\n      id\n      firstName\n      lastName\n      username\n    }\n    createdById\n    completedAt\n    isOverdue\n    subtaskCount {\n      total\n      done\n    }\n    commentCount\n    viewerCan {\n      update\n      delete\n    }\n    createdAt\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment TaskCard_task on Task {\n    id\n    title\n    description\n    project\n    category\n    priority\n    status\n    progress\n    column\n    tags\n    dueDate\n    scheduledDate\n    scheduledTime\n    estimatedHours\n    assignedToId\n    assignedTo {\n      id\n      firstName\n      lastName\n      username\n    }\n    createdById\n    completedAt\n    isOverdue\n    subtaskCount {\n      total\n      done\n    }\n    commentCount\n    viewerCan {\n      update\n      delete\n    }\n    createdAt\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlannerTasks {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\") {\n      totalCount\n      latestSeq\n      nodes {\n        ...TaskCard_task\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlannerTasks {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\") {\n      totalCount\n      latestSeq\n      nodes {\n        ...TaskCard_task\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlannerTaskIds {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\") {\n      totalCount\n      nodes {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlannerTaskIds {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\") {\n      totalCount\n      nodes {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlannerTasksPage($after: String) {\n    tasks(first: 500, after: $after, sortBy: \"createdAt\", sortOrder: \"desc\") {\n      totalCount\n      pageInfo {\n        hasNextPage\n      }\n      nodes {\n        ...TaskCard_task\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlannerTasksPage($after: String) {\n    tasks(first: 500, after: $after, sortBy: \"createdAt\", sortOrder: \"desc\") {\n      totalCount\n      pageInfo {\n        hasNextPage\n      }\n      nodes {\n        ...TaskCard_task\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlannerCreateTask($input: TaskInput!) {\n    createTask(input: $input) {\n      ...TaskCard_task\n    }\n  }\n"): (typeof documents)["\n  mutation PlannerCreateTask($input: TaskInput!) {\n    createTask(input: $input) {\n      ...TaskCard_task\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MoveTask($input: MoveTaskInput!) {\n    moveTask(input: $input) {\n      ...TaskCard_task\n    }\n  }\n"): (typeof documents)["\n  mutation MoveTask($input: MoveTaskInput!) {\n    moveTask(input: $input) {\n      ...TaskCard_task\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteTasks($ids: [ID!]!) {\n    deleteTasks(ids: $ids)\n  }\n"): (typeof documents)["\n  mutation DeleteTasks($ids: [ID!]!) {\n    deleteTasks(ids: $ids)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription BoardEvents($since: Int) {\n    boardEvents(since: $since) {\n      ...BoardEvent_event\n    }\n  }\n"): (typeof documents)["\n  subscription BoardEvents($since: Int) {\n    boardEvents(since: $since) {\n      ...BoardEvent_event\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BoardEvent_event on BoardEvent {\n    seq\n    kind\n    taskId\n    entityId\n    task {\n      ...TaskDetails_task\n    }\n    subtaskCount {\n      done\n      total\n    }\n    commentCount\n  }\n"): (typeof documents)["\n  fragment BoardEvent_event on BoardEvent {\n    seq\n    kind\n    taskId\n    entityId\n    task {\n      ...TaskDetails_task\n    }\n    subtaskCount {\n      done\n      total\n    }\n    commentCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaskPickerOptions {\n    users(includeInactive: false) {\n      ...TaskPerson_user\n      role\n      isActive\n    }\n    projects {\n      ...PickerProject_project\n    }\n    categories: systemConfigs(configType: \"categories\") {\n      ...PickerConfig_item\n    }\n    priorities: systemConfigs(configType: \"priorities\") {\n      ...PickerConfig_item\n    }\n  }\n"): (typeof documents)["\n  query TaskPickerOptions {\n    users(includeInactive: false) {\n      ...TaskPerson_user\n      role\n      isActive\n    }\n    projects {\n      ...PickerProject_project\n    }\n    categories: systemConfigs(configType: \"categories\") {\n      ...PickerConfig_item\n    }\n    priorities: systemConfigs(configType: \"priorities\") {\n      ...PickerConfig_item\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PickerProject_project on Project {\n    id\n    name\n    color\n    isActive\n  }\n"): (typeof documents)["\n  fragment PickerProject_project on Project {\n    id\n    name\n    color\n    isActive\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PickerConfig_item on SystemConfig {\n    id\n    configType\n    configKey\n    displayLabel\n    color\n    isActive\n    sortOrder\n  }\n"): (typeof documents)["\n  fragment PickerConfig_item on SystemConfig {\n    id\n    configType\n    configKey\n    displayLabel\n    color\n    isActive\n    sortOrder\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePickerProject($input: ProjectInput!) {\n    createProject(input: $input) {\n      ...PickerProject_project\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePickerProject($input: ProjectInput!) {\n    createProject(input: $input) {\n      ...PickerProject_project\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePickerConfig($input: SystemConfigInput!) {\n    createSystemConfig(input: $input) {\n      ...PickerConfig_item\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePickerConfig($input: SystemConfigInput!) {\n    createSystemConfig(input: $input) {\n      ...PickerConfig_item\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TaskPerson_user on User {\n    id\n    username\n    firstName\n    lastName\n    managerId\n  }\n"): (typeof documents)["\n  fragment TaskPerson_user on User {\n    id\n    username\n    firstName\n    lastName\n    managerId\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TaskDetails_task on Task {\n    id\n    title\n    description\n    project\n    category\n    priority\n    status\n    progress\n    column\n    tags\n    dueDate\n    scheduledDate\n    scheduledTime\n    estimatedHours\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdById\n    createdBy {\n      ...TaskPerson_user\n    }\n    isRepeatable\n    repeatPattern\n    repeatInterval\n    repeatEndDate\n    isOverdue\n    completedAt\n    createdAt\n    updatedAt\n    subtaskCount {\n      done\n      total\n    }\n    commentCount\n    viewerCan {\n      update\n      delete\n    }\n  }\n"): (typeof documents)["\n  fragment TaskDetails_task on Task {\n    id\n    title\n    description\n    project\n    category\n    priority\n    status\n    progress\n    column\n    tags\n    dueDate\n    scheduledDate\n    scheduledTime\n    estimatedHours\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdById\n    createdBy {\n      ...TaskPerson_user\n    }\n    isRepeatable\n    repeatPattern\n    repeatInterval\n    repeatEndDate\n    isOverdue\n    completedAt\n    createdAt\n    updatedAt\n    subtaskCount {\n      done\n      total\n    }\n    commentCount\n    viewerCan {\n      update\n      delete\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SubtaskItem_subtask on Subtask {\n    id\n    taskId\n    title\n    description\n    status\n    dueDate\n    estimatedHours\n    tags\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdAt\n    updatedAt\n    viewerCan {\n      update\n      delete\n    }\n  }\n"): (typeof documents)["\n  fragment SubtaskItem_subtask on Subtask {\n    id\n    taskId\n    title\n    description\n    status\n    dueDate\n    estimatedHours\n    tags\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdAt\n    updatedAt\n    viewerCan {\n      update\n      delete\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CommentItem_comment on TaskComment {\n    id\n    taskId\n    userId\n    content\n    commentType\n    isInternal\n    createdAt\n    author {\n      ...TaskPerson_user\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n"): (typeof documents)["\n  fragment CommentItem_comment on TaskComment {\n    id\n    taskId\n    userId\n    content\n    commentType\n    isInternal\n    createdAt\n    author {\n      ...TaskPerson_user\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ActivityLogEntry_entry on AuditEntry {\n    id\n    action\n    description\n    entityType\n    createdAt\n    userId\n    userName\n    changes {\n      field\n      oldValue\n      newValue\n    }\n  }\n"): (typeof documents)["\n  fragment ActivityLogEntry_entry on AuditEntry {\n    id\n    action\n    description\n    entityType\n    createdAt\n    userId\n    userName\n    changes {\n      field\n      oldValue\n      newValue\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaskDetails($id: ID!) {\n    task(id: $id) {\n      ...TaskDetails_task\n      subtasks {\n        ...SubtaskItem_subtask\n      }\n      comments {\n        ...CommentItem_comment\n      }\n    }\n  }\n"): (typeof documents)["\n  query TaskDetails($id: ID!) {\n    task(id: $id) {\n      ...TaskDetails_task\n      subtasks {\n        ...SubtaskItem_subtask\n      }\n      comments {\n        ...CommentItem_comment\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaskActivity($taskId: ID!) {\n    taskAudit(taskId: $taskId) {\n      ...ActivityLogEntry_entry\n    }\n  }\n"): (typeof documents)["\n  query TaskActivity($taskId: ID!) {\n    taskAudit(taskId: $taskId) {\n      ...ActivityLogEntry_entry\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTask($input: TaskInput!) {\n    createTask(input: $input) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTask($input: TaskInput!) {\n    createTask(input: $input) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateTask($id: ID!, $input: TaskInput!) {\n    updateTask(id: $id, input: $input) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateTask($id: ID!, $input: TaskInput!) {\n    updateTask(id: $id, input: $input) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteTask($id: ID!) {\n    deleteTask(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteTask($id: ID!) {\n    deleteTask(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSubtask($taskId: ID!, $input: SubtaskInput!) {\n    createSubtask(taskId: $taskId, input: $input) {\n      ...SubtaskItem_subtask\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSubtask($taskId: ID!, $input: SubtaskInput!) {\n    createSubtask(taskId: $taskId, input: $input) {\n      ...SubtaskItem_subtask\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSubtask($id: ID!, $input: SubtaskInput!) {\n    updateSubtask(id: $id, input: $input) {\n      ...SubtaskItem_subtask\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSubtask($id: ID!, $input: SubtaskInput!) {\n    updateSubtask(id: $id, input: $input) {\n      ...SubtaskItem_subtask\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSubtask($id: ID!) {\n    deleteSubtask(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteSubtask($id: ID!) {\n    deleteSubtask(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PromoteSubtask($id: ID!) {\n    promoteSubtask(id: $id) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n"): (typeof documents)["\n  mutation PromoteSubtask($id: ID!) {\n    promoteSubtask(id: $id) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddComment($taskId: ID!, $input: CommentInput!) {\n    addComment(taskId: $taskId, input: $input) {\n      ...CommentItem_comment\n    }\n  }\n"): (typeof documents)["\n  mutation AddComment($taskId: ID!, $input: CommentInput!) {\n    addComment(taskId: $taskId, input: $input) {\n      ...CommentItem_comment\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteComment($id: ID!) {\n    deleteComment(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteComment($id: ID!) {\n    deleteComment(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TaskDetailsEvents($taskId: ID, $since: Int) {\n    boardEvents(taskId: $taskId, since: $since) {\n      kind\n      taskId\n      entityId\n      task {\n        ...TaskDetails_task\n      }\n      subtask {\n        ...SubtaskItem_subtask\n      }\n      comment {\n        ...CommentItem_comment\n      }\n      subtaskCount {\n        done\n        total\n      }\n      commentCount\n    }\n  }\n"): (typeof documents)["\n  subscription TaskDetailsEvents($taskId: ID, $since: Int) {\n    boardEvents(taskId: $taskId, since: $since) {\n      kind\n      taskId\n      entityId\n      task {\n        ...TaskDetails_task\n      }\n      subtask {\n        ...SubtaskItem_subtask\n      }\n      comment {\n        ...CommentItem_comment\n      }\n      subtaskCount {\n        done\n        total\n      }\n      commentCount\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;