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
    "\n  fragment ActivityEntry_entry on AuditEntry {\n    id\n    action\n    description\n    entityType\n    taskId\n    createdAt\n    userId\n    userName\n    restore\n    changes {\n      field\n      oldValue\n      newValue\n    }\n  }\n": typeof types.ActivityEntry_EntryFragmentDoc,
    "\n  query ActivityTimeline($filter: ActivityFilter, $first: Int, $after: String) {\n    activity(filter: $filter, first: $first, after: $after) {\n      totalCount\n      days {\n        date\n        count\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...ActivityEntry_entry\n      }\n    }\n  }\n": typeof types.ActivityTimelineDocument,
    "\n  subscription ActivityLive {\n    boardEvents {\n      seq\n      kind\n      taskId\n    }\n  }\n": typeof types.ActivityLiveDocument,
    "\n  mutation RestoreFromAudit($auditId: ID!) {\n    restoreFromAudit(auditId: $auditId) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n": typeof types.RestoreFromAuditDocument,
    "\n  fragment AdminUser_user on User {\n    id\n    username\n    email\n    firstName\n    lastName\n    name\n    role\n    isActive\n    managerId\n    createdAt\n  }\n": typeof types.AdminUser_UserFragmentDoc,
    "\n  fragment AdminConfig_item on SystemConfig {\n    id\n    configType\n    configKey\n    displayLabel\n    color\n    isActive\n    sortOrder\n    value\n    viewerCan {\n      update\n      delete\n    }\n  }\n": typeof types.AdminConfig_ItemFragmentDoc,
    "\n  query AdminDashboard {\n    users {\n      ...AdminUser_user\n    }\n    projects {\n      id\n      isActive\n    }\n    allConfigs: systemConfigs {\n      id\n    }\n    categories: systemConfigs(configType: \"categories\") {\n      ...AdminConfig_item\n    }\n    priorities: systemConfigs(configType: \"priorities\") {\n      ...AdminConfig_item\n    }\n    systemStatus {\n      ready\n      databaseReachable\n      redisReachable\n      database\n      liveUpdates\n      checkedAt\n    }\n  }\n": typeof types.AdminDashboardDocument,
    "\n  mutation AdminCreateUser($input: UserInput!) {\n    createUser(input: $input) {\n      ...AdminUser_user\n    }\n  }\n": typeof types.AdminCreateUserDocument,
    "\n  mutation AdminUpdateUser($id: ID!, $input: UserInput!) {\n    updateUser(id: $id, input: $input) {\n      ...AdminUser_user\n    }\n  }\n": typeof types.AdminUpdateUserDocument,
    "\n  mutation AdminSetUserActive($id: ID!, $isActive: Boolean!) {\n    setUserActive(id: $id, isActive: $isActive) {\n      ...AdminUser_user\n    }\n  }\n": typeof types.AdminSetUserActiveDocument,
    "\n  mutation AdminDeleteUser($id: ID!) {\n    deleteUser(id: $id)\n  }\n": typeof types.AdminDeleteUserDocument,
    "\n  mutation AdminCreateConfig($input: SystemConfigInput!) {\n    createSystemConfig(input: $input) {\n      ...AdminConfig_item\n      ...PickerConfig_item\n    }\n  }\n": typeof types.AdminCreateConfigDocument,
    "\n  mutation AdminUpdateConfig($id: ID!, $input: SystemConfigInput!) {\n    updateSystemConfig(id: $id, input: $input) {\n      ...AdminConfig_item\n    }\n  }\n": typeof types.AdminUpdateConfigDocument,
    "\n  mutation AdminDeleteConfig($id: ID!) {\n    deleteSystemConfig(id: $id)\n  }\n": typeof types.AdminDeleteConfigDocument,
    "\n  fragment OrgTeam_team on Team {\n    id\n    name\n    description\n    color\n    isActive\n    functionId\n    managerId\n    skillCategories\n    manager {\n      id\n      name\n    }\n    members {\n      id\n      userId\n      isActive\n      user {\n        id\n        name\n        username\n      }\n    }\n  }\n": typeof types.OrgTeam_TeamFragmentDoc,
    "\n  fragment OrgFunction_function on OrgFunction {\n    id\n    name\n    description\n    color\n    isActive\n    headId\n    head {\n      id\n      name\n    }\n  }\n": typeof types.OrgFunction_FunctionFragmentDoc,
    "\n  query AdminOrganization {\n    functions {\n      ...OrgFunction_function\n    }\n    teams {\n      ...OrgTeam_team\n    }\n    users {\n      ...AdminUser_user\n    }\n  }\n": typeof types.AdminOrganizationDocument,
    "\n  mutation AdminCreateFunction($input: FunctionInput!) {\n    createFunction(input: $input) {\n      ...OrgFunction_function\n    }\n  }\n": typeof types.AdminCreateFunctionDocument,
    "\n  mutation AdminUpdateFunction($id: ID!, $input: FunctionInput!) {\n    updateFunction(id: $id, input: $input) {\n      ...OrgFunction_function\n    }\n  }\n": typeof types.AdminUpdateFunctionDocument,
    "\n  mutation AdminCreateTeam($input: TeamInput!) {\n    createTeam(input: $input) {\n      ...OrgTeam_team\n    }\n  }\n": typeof types.AdminCreateTeamDocument,
    "\n  mutation AdminUpdateTeam($id: ID!, $input: TeamInput!) {\n    updateTeam(id: $id, input: $input) {\n      ...OrgTeam_team\n    }\n  }\n": typeof types.AdminUpdateTeamDocument,
    "\n  mutation AdminAddTeamMember($teamId: ID!, $userId: ID!) {\n    addTeamMember(teamId: $teamId, userId: $userId) {\n      id\n      team {\n        ...OrgTeam_team\n      }\n    }\n  }\n": typeof types.AdminAddTeamMemberDocument,
    "\n  mutation AdminRemoveTeamMember($id: ID!) {\n    removeTeamMember(id: $id)\n  }\n": typeof types.AdminRemoveTeamMemberDocument,
    "\n  query AdminSecurityEvents($first: Int, $after: String, $userId: ID) {\n    securityEvents(first: $first, after: $after, userId: $userId) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        kind\n        description\n        userName\n        actorName\n        ip\n        device\n        createdAt\n      }\n    }\n  }\n": typeof types.AdminSecurityEventsDocument,
    "\n  query SecurityEventPeople {\n    users(includeInactive: true) {\n      id\n      username\n      firstName\n      lastName\n      isActive\n    }\n  }\n": typeof types.SecurityEventPeopleDocument,
    "\n  mutation SignOutUserEverywhere($userId: ID!) {\n    signOutUserEverywhere(userId: $userId)\n  }\n": typeof types.SignOutUserEverywhereDocument,
    "\n  mutation ResetTwoFactor($userId: ID!) {\n    resetTwoFactor(userId: $userId)\n  }\n": typeof types.ResetTwoFactorDocument,
    "\n  query AdminTwoFactorRequirement {\n    twoFactorRequirement\n  }\n": typeof types.AdminTwoFactorRequirementDocument,
    "\n  mutation SetTwoFactorRequirement($required: String!) {\n    setTwoFactorRequirement(required: $required)\n  }\n": typeof types.SetTwoFactorRequirementDocument,
    "\n  fragment AdminWebhook_webhook on Webhook {\n    id\n    url\n    events\n    enabled\n    createdAt\n  }\n": typeof types.AdminWebhook_WebhookFragmentDoc,
    "\n  query AdminWebhooks {\n    webhooks {\n      ...AdminWebhook_webhook\n    }\n  }\n": typeof types.AdminWebhooksDocument,
    "\n  query WebhookDeliveries($webhookId: ID!) {\n    webhookDeliveries(webhookId: $webhookId) {\n      id\n      event\n      status\n      statusCode\n      durationMs\n      attempt\n      error\n      createdAt\n      lastAttemptAt\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  mutation CreateWebhook($input: WebhookInput!) {\n    createWebhook(input: $input) {\n      ...AdminWebhook_webhook\n    }\n  }\n": typeof types.CreateWebhookDocument,
    "\n  mutation UpdateWebhook($id: ID!, $input: WebhookUpdateInput!) {\n    updateWebhook(id: $id, input: $input) {\n      ...AdminWebhook_webhook\n    }\n  }\n": typeof types.UpdateWebhookDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": typeof types.DeleteWebhookDocument,
    "\n  mutation RedeliverWebhookDelivery($webhookId: ID!, $deliveryId: ID!) {\n    redeliverWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {\n      id\n      status\n      attempt\n      error\n    }\n  }\n": typeof types.RedeliverWebhookDeliveryDocument,
    "\n  fragment AttachmentItem_attachment on Attachment {\n    id\n    name\n    size\n    contentType\n    createdAt\n    url\n    uploadedBy {\n      id\n      username\n      firstName\n      lastName\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n": typeof types.AttachmentItem_AttachmentFragmentDoc,
    "\n  query TaskAttachments($taskId: ID!) {\n    task(id: $taskId) {\n      id\n      attachments {\n        ...AttachmentItem_attachment\n      }\n    }\n  }\n": typeof types.TaskAttachmentsDocument,
    "\n  mutation RenameAttachment($id: ID!, $name: String!) {\n    renameAttachment(id: $id, name: $name) {\n      ...AttachmentItem_attachment\n    }\n  }\n": typeof types.RenameAttachmentDocument,
    "\n  mutation DeleteAttachment($id: ID!) {\n    deleteAttachment(id: $id)\n  }\n": typeof types.DeleteAttachmentDocument,
    "\n  query SignInTwoFactor {\n    twoFactor {\n      setupRequired\n    }\n  }\n": typeof types.SignInTwoFactorDocument,
    "\n  query BookmarkletEmailIn {\n    emailIn {\n      address\n    }\n  }\n": typeof types.BookmarkletEmailInDocument,
    "\n  fragment ImportJobView_job on ImportJob {\n    id\n    source\n    status\n    fileName\n    total\n    processed\n    created {\n      tasks\n      subtasks\n      comments\n    }\n    skipped {\n      ref\n      reason\n    }\n    error\n    createdAt\n  }\n": typeof types.ImportJobView_JobFragmentDoc,
    "\n  query ImportJob($id: ID!) {\n    importJob(id: $id) {\n      ...ImportJobView_job\n    }\n  }\n": typeof types.ImportJobDocument,
    "\n  query MyImports {\n    myImports {\n      ...ImportJobView_job\n    }\n  }\n": typeof types.MyImportsDocument,
    "\n  query ImportPeople {\n    users {\n      id\n      username\n      firstName\n      lastName\n      isActive\n    }\n  }\n": typeof types.ImportPeopleDocument,
    "\n  query PaletteTasks($search: String!) {\n    tasks(first: 8, filter: { search: $search }) {\n      nodes {\n        id\n        title\n        column\n        scheduledDate\n      }\n    }\n  }\n": typeof types.PaletteTasksDocument,
    "\n  fragment ListingRow_task on Task {\n    id\n    title\n    description\n    status\n    priority\n    category\n    project\n    tags\n    dueDate\n    scheduledDate\n    estimatedHours\n    progress\n    createdAt\n    updatedAt\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdById\n    createdBy {\n      ...TaskPerson_user\n    }\n    timeSpentMinutes @include(if: $withSpent)\n  }\n": typeof types.ListingRow_TaskFragmentDoc,
    "\n  query ListingTasks($filter: TaskFilter, $first: Int, $after: String, $sortBy: String, $sortOrder: String, $withSpent: Boolean! = false) {\n    tasks(filter: $filter, first: $first, after: $after, sortBy: $sortBy, sortOrder: $sortOrder) {\n      totalCount\n      latestSeq\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...ListingRow_task\n      }\n    }\n  }\n": typeof types.ListingTasksDocument,
    "\n  fragment ListingView_view on TaskView {\n    id\n    name\n    description\n    columns\n    sortBy\n    sortOrder\n    isPublic\n    sharedWith\n    createdById\n    filters {\n      projects\n      statuses\n      tags\n      assignees\n      categories\n      priorities\n      search\n      dateRange {\n        start\n        end\n      }\n      timeSpent\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n": typeof types.ListingView_ViewFragmentDoc,
    "\n  query ListingViews {\n    taskViews {\n      ...ListingView_view\n    }\n  }\n": typeof types.ListingViewsDocument,
    "\n  mutation CreateListingView($input: TaskViewInput!) {\n    createTaskView(input: $input) {\n      ...ListingView_view\n    }\n  }\n": typeof types.CreateListingViewDocument,
    "\n  mutation UpdateListingView($id: ID!, $input: TaskViewInput!) {\n    updateTaskView(id: $id, input: $input) {\n      ...ListingView_view\n    }\n  }\n": typeof types.UpdateListingViewDocument,
    "\n  mutation ShareListingView($id: ID!, $input: ShareTaskViewInput!) {\n    shareTaskView(id: $id, input: $input) {\n      ...ListingView_view\n    }\n  }\n": typeof types.ShareListingViewDocument,
    "\n  mutation DeleteListingView($id: ID!) {\n    deleteTaskView(id: $id)\n  }\n": typeof types.DeleteListingViewDocument,
    "\n  query ListingTags {\n    taskTags\n  }\n": typeof types.ListingTagsDocument,
    "\n  fragment ManagerTask_task on Task {\n    id\n    title\n    status\n    priority\n    project\n    dueDate\n    scheduledDate\n    scheduledTime\n    estimatedHours\n    isOverdue\n    updatedAt\n    assignedTo {\n      id\n      name\n    }\n  }\n": typeof types.ManagerTask_TaskFragmentDoc,
    "\n  query ManagerDashboard($days: Int) {\n    managerDashboard {\n      teamMembers\n      totalTasks\n      completedTasks\n      completionPercentage\n      overdueTasks\n      recentTasks {\n        ...ManagerTask_task\n      }\n      byPerson {\n        user {\n          id\n          name\n        }\n        tasks {\n          ...ManagerTask_task\n        }\n        totalCount\n        remainingCount\n      }\n      byStatus {\n        status\n        tasks {\n          ...ManagerTask_task\n        }\n        totalCount\n        remainingCount\n      }\n      today {\n        date\n        people {\n          user {\n            id\n            name\n          }\n          capacityHours\n          plannedHours\n          overCapacity\n          tasks {\n            ...ManagerTask_task\n          }\n        }\n      }\n      slippage(days: $days) {\n        days\n        from\n        to\n        people {\n          user {\n            id\n            name\n          }\n          plannedTasks\n          slippedTasks\n          totalDaysSlipped\n          averageDaysSlipped\n        }\n      }\n    }\n    tasks(first: 1) {\n      latestSeq\n    }\n  }\n": typeof types.ManagerDashboardDocument,
    "\n  mutation SetDailyCapacity($id: ID!, $hours: Float!) {\n    updateUser(id: $id, input: { dailyCapacityHours: $hours }) {\n      id\n      dailyCapacityHours\n    }\n  }\n": typeof types.SetDailyCapacityDocument,
    "\n  query ManagerTime($range: TimeRange!, $start: String) {\n    managerTime(range: $range, start: $start) {\n      range\n      from\n      to\n      plannedMinutes\n      spentMinutes\n      people {\n        user {\n          id\n          name\n        }\n        plannedMinutes\n        spentMinutes\n      }\n      projects {\n        project\n        name\n        plannedMinutes\n        spentMinutes\n      }\n    }\n  }\n": typeof types.ManagerTimeDocument,
    "\n  query MentionableUsers($taskId: ID!, $search: String) {\n    mentionableUsers(taskId: $taskId, search: $search) {\n      id\n      username\n      firstName\n      lastName\n      name\n    }\n  }\n": typeof types.MentionableUsersDocument,
    "\n  query NotificationCount {\n    notifications(first: 1) {\n      unreadCount\n      nodes {\n        id\n      }\n    }\n  }\n": typeof types.NotificationCountDocument,
    "\n  subscription NotificationAdded {\n    notificationAdded(includeLatest: true) {\n      id\n      kind\n      taskId\n      message\n    }\n  }\n": typeof types.NotificationAddedDocument,
    "\n  query NotificationList($first: Int, $after: String) {\n    notifications(first: $first, after: $after) {\n      totalCount\n      unreadCount\n      nodes {\n        id\n        kind\n        taskId\n        taskTitle\n        commentId\n        message\n        read\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.NotificationListDocument,
    "\n  mutation MarkNotificationsRead($ids: [ID!]) {\n    markNotificationsRead(ids: $ids)\n  }\n": typeof types.MarkNotificationsReadDocument,
    "\n  query NotificationPreferences {\n    notificationPreferences {\n      emailAvailable\n      timeZone\n      preferences {\n        kind\n        inApp\n        email\n      }\n    }\n  }\n": typeof types.NotificationPreferencesDocument,
    "\n  mutation UpdateNotificationPreferences($preferences: [NotificationPreferenceInput!]!) {\n    updateNotificationPreferences(preferences: $preferences) {\n      emailAvailable\n      timeZone\n      preferences {\n        kind\n        inApp\n        email\n      }\n    }\n  }\n": typeof types.UpdateNotificationPreferencesDocument,
    "\n  fragment TaskCard_task on Task {\n    ...TaskBase_task\n  }\n": typeof types.TaskCard_TaskFragmentDoc,
    "\n  fragment MoveTaskVersion_task on Task {\n    version\n  }\n": typeof types.MoveTaskVersion_TaskFragmentDoc,
    "\n  query PlannerTasks($scope: String!) {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\", filter: { scope: $scope }) {\n      totalCount\n      latestSeq\n      pageInfo {\n        endCursor\n      }\n      nodes {\n        ...TaskCard_task\n      }\n    }\n  }\n": typeof types.PlannerTasksDocument,
    "\n  query PlannerTaskIds($scope: String!) {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\", filter: { scope: $scope }) {\n      totalCount\n      nodes {\n        id\n      }\n    }\n  }\n": typeof types.PlannerTaskIdsDocument,
    "\n  query PlannerTaskEnd($scope: String!) {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\", filter: { scope: $scope }) {\n      pageInfo {\n        endCursor\n      }\n    }\n  }\n": typeof types.PlannerTaskEndDocument,
    "\n  query PlannerTasksPage($scope: String!, $after: String) {\n    tasks(first: 500, after: $after, sortBy: \"createdAt\", sortOrder: \"desc\", filter: { scope: $scope }) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...TaskCard_task\n      }\n    }\n  }\n": typeof types.PlannerTasksPageDocument,
    "\n  mutation PlannerCreateTask($input: TaskInput!) {\n    createTask(input: $input) {\n      ...TaskCard_task\n    }\n  }\n": typeof types.PlannerCreateTaskDocument,
    "\n  mutation MoveTask($input: MoveTaskInput!) {\n    moveTask(input: $input) {\n      ...TaskCard_task\n    }\n  }\n": typeof types.MoveTaskDocument,
    "\n  mutation DeleteTasks($ids: [ID!]!) {\n    deleteTasks(ids: $ids)\n  }\n": typeof types.DeleteTasksDocument,
    "\n  query ConfigLabels {\n    categories: systemConfigs(configType: \"categories\") {\n      id\n      configKey\n      displayLabel\n      color\n    }\n    priorities: systemConfigs(configType: \"priorities\") {\n      id\n      configKey\n      displayLabel\n      color\n    }\n  }\n": typeof types.ConfigLabelsDocument,
    "\n  fragment PresenceViewer_viewer on PresenceViewer {\n    editing\n    user {\n      id\n      username\n      firstName\n      lastName\n    }\n  }\n": typeof types.PresenceViewer_ViewerFragmentDoc,
    "\n  subscription TaskPresence($taskId: ID!, $clientId: String!) {\n    taskPresence(taskId: $taskId, clientId: $clientId) {\n      taskId\n      viewers {\n        ...PresenceViewer_viewer\n      }\n    }\n  }\n": typeof types.TaskPresenceDocument,
    "\n  subscription BoardPresence {\n    boardPresence {\n      taskId\n      viewers {\n        ...PresenceViewer_viewer\n      }\n    }\n  }\n": typeof types.BoardPresenceDocument,
    "\n  mutation AnnouncePresence($taskId: ID!, $clientId: String!, $editing: Boolean!) {\n    announcePresence(taskId: $taskId, clientId: $clientId, editing: $editing)\n  }\n": typeof types.AnnouncePresenceDocument,
    "\n  fragment ProjectCard_project on Project {\n    id\n    version\n    name\n    description\n    charter\n    color\n    projectType\n    visibility\n    status\n    priority\n    progress\n    projectManagerId\n    projectManager {\n      id\n      name\n    }\n    functionId\n    startDate\n    endDate\n    isActive\n    isOverdue\n    taskCounts {\n      open\n      done\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n": typeof types.ProjectCard_ProjectFragmentDoc,
    "\n  query ProjectsPanel {\n    projects {\n      ...ProjectCard_project\n    }\n    users(includeInactive: false) {\n      id\n      name\n    }\n    functions {\n      id\n      name\n      isActive\n    }\n    tasks(first: 1) {\n      latestSeq\n    }\n  }\n": typeof types.ProjectsPanelDocument,
    "\n  mutation CreateProject($input: ProjectInput!) {\n    createProject(input: $input) {\n      ...ProjectCard_project\n    }\n  }\n": typeof types.CreateProjectDocument,
    "\n  mutation UpdateProject($id: ID!, $input: ProjectInput!) {\n    updateProject(id: $id, input: $input) {\n      ...ProjectCard_project\n    }\n  }\n": typeof types.UpdateProjectDocument,
    "\n  mutation DeleteProject($id: ID!) {\n    deleteProject(id: $id)\n  }\n": typeof types.DeleteProjectDocument,
    "\n  subscription ProjectEvents {\n    projectEvents {\n      kind\n      projectId\n      project {\n        ...ProjectCard_project\n      }\n    }\n  }\n": typeof types.ProjectEventsDocument,
    "\n  query Passkeys {\n    passkeys {\n      id\n      name\n      createdAt\n      lastUsedAt\n    }\n  }\n": typeof types.PasskeysDocument,
    "\n  mutation PasskeyRegistrationOptions {\n    passkeyRegistrationOptions\n  }\n": typeof types.PasskeyRegistrationOptionsDocument,
    "\n  mutation AddPasskey($response: String!, $name: String) {\n    addPasskey(response: $response, name: $name) {\n      id\n      name\n      createdAt\n      lastUsedAt\n    }\n  }\n": typeof types.AddPasskeyDocument,
    "\n  mutation RenamePasskey($id: ID!, $name: String!) {\n    renamePasskey(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.RenamePasskeyDocument,
    "\n  mutation RemovePasskey($id: ID!) {\n    removePasskey(id: $id)\n  }\n": typeof types.RemovePasskeyDocument,
    "\n  query MySessions {\n    mySessions {\n      id\n      current\n      browser\n      os\n      ip\n      signedInAt\n      lastSeenAt\n    }\n  }\n": typeof types.MySessionsDocument,
    "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n": typeof types.RevokeSessionDocument,
    "\n  mutation RevokeOtherSessions {\n    revokeOtherSessions\n  }\n": typeof types.RevokeOtherSessionsDocument,
    "\n  fragment ApiTokenRow_token on ApiToken {\n    id\n    name\n    createdAt\n    lastUsedAt\n  }\n": typeof types.ApiTokenRow_TokenFragmentDoc,
    "\n  query SettingsApiTokens {\n    apiTokens {\n      ...ApiTokenRow_token\n    }\n  }\n": typeof types.SettingsApiTokensDocument,
    "\n  mutation CreateApiToken($name: String!) {\n    createApiToken(name: $name) {\n      id\n      name\n      token\n      createdAt\n    }\n  }\n": typeof types.CreateApiTokenDocument,
    "\n  mutation RevokeApiToken($id: ID!) {\n    revokeApiToken(id: $id)\n  }\n": typeof types.RevokeApiTokenDocument,
    "\n  query SettingsCalendarFeed {\n    calendarFeed {\n      url\n    }\n  }\n": typeof types.SettingsCalendarFeedDocument,
    "\n  mutation RotateCalendarFeed {\n    rotateCalendarFeed {\n      url\n    }\n  }\n": typeof types.RotateCalendarFeedDocument,
    "\n  query SettingsEmailIn {\n    emailIn {\n      address\n    }\n  }\n": typeof types.SettingsEmailInDocument,
    "\n  mutation RotateEmailIn {\n    rotateEmailIn {\n      address\n    }\n  }\n": typeof types.RotateEmailInDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      apiTokens {\n        ...ApiTokenRow_token\n      }\n    }\n  }\n": typeof types.ChangePasswordDocument,
    "\n  query SettingsTwoFactor {\n    twoFactor {\n      enabled\n      recoveryCodesLeft\n      setupRequired\n    }\n  }\n": typeof types.SettingsTwoFactorDocument,
    "\n  mutation StartTwoFactorSetup {\n    startTwoFactorSetup {\n      secret\n      qrCodeDataUrl\n    }\n  }\n": typeof types.StartTwoFactorSetupDocument,
    "\n  mutation ConfirmTwoFactorSetup($code: String!) {\n    confirmTwoFactorSetup(code: $code)\n  }\n": typeof types.ConfirmTwoFactorSetupDocument,
    "\n  mutation TurnOffTwoFactor($code: String!) {\n    turnOffTwoFactor(code: $code)\n  }\n": typeof types.TurnOffTwoFactorDocument,
    "\n  mutation NewRecoveryCodes($code: String!) {\n    newRecoveryCodes(code: $code)\n  }\n": typeof types.NewRecoveryCodesDocument,
    "\n  mutation DeleteTask($id: ID!) {\n    deleteTask(id: $id)\n  }\n": typeof types.DeleteTaskDocument,
    "\n  subscription BoardEvents($since: Int) {\n    boardEvents(since: $since) {\n      ...BoardEvent_event\n    }\n  }\n": typeof types.BoardEventsDocument,
    "\n  fragment BoardEvent_event on BoardEvent {\n    seq\n    kind\n    taskId\n    entityId\n    task {\n      ...TaskDetails_task\n    }\n    subtaskCount {\n      done\n      total\n    }\n    commentCount\n  }\n": typeof types.BoardEvent_EventFragmentDoc,
    "\n  query TaskPickerOptions {\n    users(includeInactive: false) {\n      ...TaskPerson_user\n      role\n      isActive\n    }\n    projects {\n      ...PickerProject_project\n    }\n    categories: systemConfigs(configType: \"categories\") {\n      ...PickerConfig_item\n    }\n    priorities: systemConfigs(configType: \"priorities\") {\n      ...PickerConfig_item\n    }\n  }\n": typeof types.TaskPickerOptionsDocument,
    "\n  fragment PickerProject_project on Project {\n    id\n    name\n    color\n    isActive\n  }\n": typeof types.PickerProject_ProjectFragmentDoc,
    "\n  fragment PickerConfig_item on SystemConfig {\n    id\n    configType\n    configKey\n    displayLabel\n    color\n    isActive\n    sortOrder\n  }\n": typeof types.PickerConfig_ItemFragmentDoc,
    "\n  mutation CreatePickerProject($input: ProjectInput!) {\n    createProject(input: $input) {\n      ...PickerProject_project\n    }\n  }\n": typeof types.CreatePickerProjectDocument,
    "\n  mutation CreatePickerConfig($input: SystemConfigInput!) {\n    createSystemConfig(input: $input) {\n      ...PickerConfig_item\n    }\n  }\n": typeof types.CreatePickerConfigDocument,
    "\n  mutation QuickAddTask($text: String!) {\n    quickAddTask(text: $text) {\n      ...TaskCard_task\n    }\n  }\n": typeof types.QuickAddTaskDocument,
    "\n  fragment TaskPerson_user on User {\n    id\n    username\n    firstName\n    lastName\n    managerId\n  }\n": typeof types.TaskPerson_UserFragmentDoc,
    "\n  fragment TaskBase_task on Task {\n    id\n    version\n    title\n    description\n    project\n    category\n    priority\n    status\n    progress\n    column\n    tags\n    dueDate\n    scheduledDate\n    scheduledTime\n    estimatedHours\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdById\n    completedAt\n    isOverdue\n    subtaskCount {\n      total\n      done\n    }\n    commentCount\n    attachmentCount\n    viewerCan {\n      update\n      delete\n    }\n    createdAt\n    updatedAt\n  }\n": typeof types.TaskBase_TaskFragmentDoc,
    "\n  fragment TaskDetails_task on Task {\n    ...TaskBase_task\n    createdBy {\n      ...TaskPerson_user\n    }\n    isRepeatable\n    repeatPattern\n    repeatInterval\n    repeatEndDate\n  }\n": typeof types.TaskDetails_TaskFragmentDoc,
    "\n  fragment SubtaskItem_subtask on Subtask {\n    id\n    version\n    taskId\n    title\n    description\n    status\n    dueDate\n    estimatedHours\n    tags\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdAt\n    updatedAt\n    viewerCan {\n      update\n      delete\n    }\n  }\n": typeof types.SubtaskItem_SubtaskFragmentDoc,
    "\n  fragment CommentItem_comment on TaskComment {\n    id\n    taskId\n    userId\n    content\n    commentType\n    isInternal\n    createdAt\n    mentions {\n      userId\n      name\n      start\n      end\n    }\n    author {\n      ...TaskPerson_user\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n": typeof types.CommentItem_CommentFragmentDoc,
    "\n  fragment ActivityLogEntry_entry on AuditEntry {\n    id\n    action\n    description\n    entityType\n    createdAt\n    userId\n    userName\n    changes {\n      field\n      oldValue\n      newValue\n    }\n  }\n": typeof types.ActivityLogEntry_EntryFragmentDoc,
    "\n  query TaskDetails($id: ID!) {\n    task(id: $id) {\n      ...TaskDetails_task\n      subtasks {\n        ...SubtaskItem_subtask\n      }\n      comments {\n        ...CommentItem_comment\n      }\n    }\n  }\n": typeof types.TaskDetailsDocument,
    "\n  query TaskActivity($taskId: ID!) {\n    taskAudit(taskId: $taskId) {\n      ...ActivityLogEntry_entry\n    }\n  }\n": typeof types.TaskActivityDocument,
    "\n  mutation CreateTask($input: TaskInput!) {\n    createTask(input: $input) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n": typeof types.CreateTaskDocument,
    "\n  mutation UpdateTask($id: ID!, $input: TaskInput!) {\n    updateTask(id: $id, input: $input) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n": typeof types.UpdateTaskDocument,
    "\n  mutation CreateSubtask($taskId: ID!, $input: SubtaskInput!) {\n    createSubtask(taskId: $taskId, input: $input) {\n      ...SubtaskItem_subtask\n    }\n  }\n": typeof types.CreateSubtaskDocument,
    "\n  mutation UpdateSubtask($id: ID!, $input: SubtaskInput!) {\n    updateSubtask(id: $id, input: $input) {\n      ...SubtaskItem_subtask\n    }\n  }\n": typeof types.UpdateSubtaskDocument,
    "\n  mutation DeleteSubtask($id: ID!) {\n    deleteSubtask(id: $id)\n  }\n": typeof types.DeleteSubtaskDocument,
    "\n  mutation PromoteSubtask($id: ID!) {\n    promoteSubtask(id: $id) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n": typeof types.PromoteSubtaskDocument,
    "\n  mutation AddComment($taskId: ID!, $input: CommentInput!) {\n    addComment(taskId: $taskId, input: $input) {\n      ...CommentItem_comment\n    }\n  }\n": typeof types.AddCommentDocument,
    "\n  mutation UpdateComment($id: ID!, $content: String!) {\n    updateComment(id: $id, content: $content) {\n      ...CommentItem_comment\n    }\n  }\n": typeof types.UpdateCommentDocument,
    "\n  mutation DeleteComment($id: ID!) {\n    deleteComment(id: $id)\n  }\n": typeof types.DeleteCommentDocument,
    "\n  subscription TaskDetailsEvents($taskId: ID, $since: Int) {\n    boardEvents(taskId: $taskId, since: $since) {\n      kind\n      taskId\n      entityId\n      task {\n        ...TaskDetails_task\n      }\n      subtask {\n        ...SubtaskItem_subtask\n      }\n      comment {\n        ...CommentItem_comment\n      }\n      subtaskCount {\n        done\n        total\n      }\n      commentCount\n    }\n  }\n": typeof types.TaskDetailsEventsDocument,
    "\n  mutation RestoreDeletedTasks($ids: [ID!]!) {\n    restoreDeletedTasks(ids: $ids) {\n      ...TaskCard_task\n    }\n  }\n": typeof types.RestoreDeletedTasksDocument,
    "\n  mutation UndoTaskChange($id: ID!, $input: TaskInput!) {\n    updateTask(id: $id, input: $input) {\n      ...TaskCard_task\n    }\n  }\n": typeof types.UndoTaskChangeDocument,
    "\n  fragment TemplateSubtask_item on TemplateSubtask {\n    id\n    title\n    description\n    status\n    estimatedHours\n    position\n  }\n": typeof types.TemplateSubtask_ItemFragmentDoc,
    "\n  fragment TemplateCard_template on TaskTemplate {\n    id\n    version\n    name\n    title\n    description\n    project\n    category\n    priority\n    estimatedHours\n    tags\n    defaultAssigneeId\n    defaultAssignee {\n      id\n      name\n    }\n    subtasks {\n      ...TemplateSubtask_item\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n": typeof types.TemplateCard_TemplateFragmentDoc,
    "\n  query TaskTemplates {\n    taskTemplates {\n      ...TemplateCard_template\n    }\n  }\n": typeof types.TaskTemplatesDocument,
    "\n  mutation CreateTaskTemplate($input: TaskTemplateInput!) {\n    createTaskTemplate(input: $input) {\n      ...TemplateCard_template\n    }\n  }\n": typeof types.CreateTaskTemplateDocument,
    "\n  mutation UpdateTaskTemplate($id: ID!, $input: TaskTemplateInput!) {\n    updateTaskTemplate(id: $id, input: $input) {\n      ...TemplateCard_template\n    }\n  }\n": typeof types.UpdateTaskTemplateDocument,
    "\n  mutation DeleteTaskTemplate($id: ID!) {\n    deleteTaskTemplate(id: $id)\n  }\n": typeof types.DeleteTaskTemplateDocument,
    "\n  mutation CreateTaskFromTemplate($id: ID!) {\n    createTaskFromTemplate(id: $id) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n": typeof types.CreateTaskFromTemplateDocument,
    "\n  mutation SetTheme($theme: ThemePreference!) {\n    setTheme(theme: $theme) {\n      id\n      theme\n    }\n  }\n": typeof types.SetThemeDocument,
    "\n  fragment TimeEntryItem_entry on TimeEntry {\n    id\n    date\n    minutes\n    spentMinutes\n    running\n    note\n    user {\n      id\n      username\n      firstName\n      lastName\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n": typeof types.TimeEntryItem_EntryFragmentDoc,
    "\n  query TaskTime($taskId: ID!) {\n    task(id: $taskId) {\n      id\n      estimatedHours\n      timeSpentMinutes\n    }\n    timeEntries(filter: { taskId: $taskId }) {\n      ...TimeEntryItem_entry\n    }\n  }\n": typeof types.TaskTimeDocument,
    "\n  query RunningTimer {\n    runningTimer {\n      id\n      taskId\n      startedAt\n      task {\n        id\n        title\n      }\n    }\n  }\n": typeof types.RunningTimerDocument,
    "\n  mutation StartTimer($taskId: ID!) {\n    startTimer(taskId: $taskId) {\n      id\n    }\n  }\n": typeof types.StartTimerDocument,
    "\n  mutation StopTimer {\n    stopTimer {\n      id\n      minutes\n    }\n  }\n": typeof types.StopTimerDocument,
    "\n  mutation AddTimeEntry($taskId: ID!, $date: String!, $minutes: Int!, $note: String) {\n    addTimeEntry(taskId: $taskId, date: $date, minutes: $minutes, note: $note) {\n      ...TimeEntryItem_entry\n    }\n  }\n": typeof types.AddTimeEntryDocument,
    "\n  mutation UpdateTimeEntry($id: ID!, $date: String, $minutes: Int, $note: String) {\n    updateTimeEntry(id: $id, date: $date, minutes: $minutes, note: $note) {\n      ...TimeEntryItem_entry\n    }\n  }\n": typeof types.UpdateTimeEntryDocument,
    "\n  mutation DeleteTimeEntry($id: ID!) {\n    deleteTimeEntry(id: $id)\n  }\n": typeof types.DeleteTimeEntryDocument,
    "\n  fragment ViewerFields on User {\n    id\n    username\n    firstName\n    lastName\n    email\n    role\n    managerId\n    theme\n  }\n": typeof types.ViewerFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...ViewerFields\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation Login($username: String!, $password: String!, $code: String) {\n    login(username: $username, password: $password, code: $code) {\n      ...ViewerFields\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  mutation PasskeySignInOptions {\n    passkeySignInOptions\n  }\n": typeof types.PasskeySignInOptionsDocument,
    "\n  mutation LoginWithPasskey($response: String!) {\n    loginWithPasskey(response: $response) {\n      ...ViewerFields\n    }\n  }\n": typeof types.LoginWithPasskeyDocument,
};
const documents: Documents = {
    "\n  fragment ActivityEntry_entry on AuditEntry {\n    id\n    action\n    description\n    entityType\n    taskId\n    createdAt\n    userId\n    userName\n    restore\n    changes {\n      field\n      oldValue\n      newValue\n    }\n  }\n": types.ActivityEntry_EntryFragmentDoc,
    "\n  query ActivityTimeline($filter: ActivityFilter, $first: Int, $after: String) {\n    activity(filter: $filter, first: $first, after: $after) {\n      totalCount\n      days {\n        date\n        count\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...ActivityEntry_entry\n      }\n    }\n  }\n": types.ActivityTimelineDocument,
    "\n  subscription ActivityLive {\n    boardEvents {\n      seq\n      kind\n      taskId\n    }\n  }\n": types.ActivityLiveDocument,
    "\n  mutation RestoreFromAudit($auditId: ID!) {\n    restoreFromAudit(auditId: $auditId) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n": types.RestoreFromAuditDocument,
    "\n  fragment AdminUser_user on User {\n    id\n    username\n    email\n    firstName\n    lastName\n    name\n    role\n    isActive\n    managerId\n    createdAt\n  }\n": types.AdminUser_UserFragmentDoc,
    "\n  fragment AdminConfig_item on SystemConfig {\n    id\n    configType\n    configKey\n    displayLabel\n    color\n    isActive\n    sortOrder\n    value\n    viewerCan {\n      update\n      delete\n    }\n  }\n": types.AdminConfig_ItemFragmentDoc,
    "\n  query AdminDashboard {\n    users {\n      ...AdminUser_user\n    }\n    projects {\n      id\n      isActive\n    }\n    allConfigs: systemConfigs {\n      id\n    }\n    categories: systemConfigs(configType: \"categories\") {\n      ...AdminConfig_item\n    }\n    priorities: systemConfigs(configType: \"priorities\") {\n      ...AdminConfig_item\n    }\n    systemStatus {\n      ready\n      databaseReachable\n      redisReachable\n      database\n      liveUpdates\n      checkedAt\n    }\n  }\n": types.AdminDashboardDocument,
    "\n  mutation AdminCreateUser($input: UserInput!) {\n    createUser(input: $input) {\n      ...AdminUser_user\n    }\n  }\n": types.AdminCreateUserDocument,
    "\n  mutation AdminUpdateUser($id: ID!, $input: UserInput!) {\n    updateUser(id: $id, input: $input) {\n      ...AdminUser_user\n    }\n  }\n": types.AdminUpdateUserDocument,
    "\n  mutation AdminSetUserActive($id: ID!, $isActive: Boolean!) {\n    setUserActive(id: $id, isActive: $isActive) {\n      ...AdminUser_user\n    }\n  }\n": types.AdminSetUserActiveDocument,
    "\n  mutation AdminDeleteUser($id: ID!) {\n    deleteUser(id: $id)\n  }\n": types.AdminDeleteUserDocument,
    "\n  mutation AdminCreateConfig($input: SystemConfigInput!) {\n    createSystemConfig(input: $input) {\n      ...AdminConfig_item\n      ...PickerConfig_item\n    }\n  }\n": types.AdminCreateConfigDocument,
    "\n  mutation AdminUpdateConfig($id: ID!, $input: SystemConfigInput!) {\n    updateSystemConfig(id: $id, input: $input) {\n      ...AdminConfig_item\n    }\n  }\n": types.AdminUpdateConfigDocument,
    "\n  mutation AdminDeleteConfig($id: ID!) {\n    deleteSystemConfig(id: $id)\n  }\n": types.AdminDeleteConfigDocument,
    "\n  fragment OrgTeam_team on Team {\n    id\n    name\n    description\n    color\n    isActive\n    functionId\n    managerId\n    skillCategories\n    manager {\n      id\n      name\n    }\n    members {\n      id\n      userId\n      isActive\n      user {\n        id\n        name\n        username\n      }\n    }\n  }\n": types.OrgTeam_TeamFragmentDoc,
    "\n  fragment OrgFunction_function on OrgFunction {\n    id\n    name\n    description\n    color\n    isActive\n    headId\n    head {\n      id\n      name\n    }\n  }\n": types.OrgFunction_FunctionFragmentDoc,
    "\n  query AdminOrganization {\n    functions {\n      ...OrgFunction_function\n    }\n    teams {\n      ...OrgTeam_team\n    }\n    users {\n      ...AdminUser_user\n    }\n  }\n": types.AdminOrganizationDocument,
    "\n  mutation AdminCreateFunction($input: FunctionInput!) {\n    createFunction(input: $input) {\n      ...OrgFunction_function\n    }\n  }\n": types.AdminCreateFunctionDocument,
    "\n  mutation AdminUpdateFunction($id: ID!, $input: FunctionInput!) {\n    updateFunction(id: $id, input: $input) {\n      ...OrgFunction_function\n    }\n  }\n": types.AdminUpdateFunctionDocument,
    "\n  mutation AdminCreateTeam($input: TeamInput!) {\n    createTeam(input: $input) {\n      ...OrgTeam_team\n    }\n  }\n": types.AdminCreateTeamDocument,
    "\n  mutation AdminUpdateTeam($id: ID!, $input: TeamInput!) {\n    updateTeam(id: $id, input: $input) {\n      ...OrgTeam_team\n    }\n  }\n": types.AdminUpdateTeamDocument,
    "\n  mutation AdminAddTeamMember($teamId: ID!, $userId: ID!) {\n    addTeamMember(teamId: $teamId, userId: $userId) {\n      id\n      team {\n        ...OrgTeam_team\n      }\n    }\n  }\n": types.AdminAddTeamMemberDocument,
    "\n  mutation AdminRemoveTeamMember($id: ID!) {\n    removeTeamMember(id: $id)\n  }\n": types.AdminRemoveTeamMemberDocument,
    "\n  query AdminSecurityEvents($first: Int, $after: String, $userId: ID) {\n    securityEvents(first: $first, after: $after, userId: $userId) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        kind\n        description\n        userName\n        actorName\n        ip\n        device\n        createdAt\n      }\n    }\n  }\n": types.AdminSecurityEventsDocument,
    "\n  query SecurityEventPeople {\n    users(includeInactive: true) {\n      id\n      username\n      firstName\n      lastName\n      isActive\n    }\n  }\n": types.SecurityEventPeopleDocument,
    "\n  mutation SignOutUserEverywhere($userId: ID!) {\n    signOutUserEverywhere(userId: $userId)\n  }\n": types.SignOutUserEverywhereDocument,
    "\n  mutation ResetTwoFactor($userId: ID!) {\n    resetTwoFactor(userId: $userId)\n  }\n": types.ResetTwoFactorDocument,
    "\n  query AdminTwoFactorRequirement {\n    twoFactorRequirement\n  }\n": types.AdminTwoFactorRequirementDocument,
    "\n  mutation SetTwoFactorRequirement($required: String!) {\n    setTwoFactorRequirement(required: $required)\n  }\n": types.SetTwoFactorRequirementDocument,
    "\n  fragment AdminWebhook_webhook on Webhook {\n    id\n    url\n    events\n    enabled\n    createdAt\n  }\n": types.AdminWebhook_WebhookFragmentDoc,
    "\n  query AdminWebhooks {\n    webhooks {\n      ...AdminWebhook_webhook\n    }\n  }\n": types.AdminWebhooksDocument,
    "\n  query WebhookDeliveries($webhookId: ID!) {\n    webhookDeliveries(webhookId: $webhookId) {\n      id\n      event\n      status\n      statusCode\n      durationMs\n      attempt\n      error\n      createdAt\n      lastAttemptAt\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  mutation CreateWebhook($input: WebhookInput!) {\n    createWebhook(input: $input) {\n      ...AdminWebhook_webhook\n    }\n  }\n": types.CreateWebhookDocument,
    "\n  mutation UpdateWebhook($id: ID!, $input: WebhookUpdateInput!) {\n    updateWebhook(id: $id, input: $input) {\n      ...AdminWebhook_webhook\n    }\n  }\n": types.UpdateWebhookDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": types.DeleteWebhookDocument,
    "\n  mutation RedeliverWebhookDelivery($webhookId: ID!, $deliveryId: ID!) {\n    redeliverWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {\n      id\n      status\n      attempt\n      error\n    }\n  }\n": types.RedeliverWebhookDeliveryDocument,
    "\n  fragment AttachmentItem_attachment on Attachment {\n    id\n    name\n    size\n    contentType\n    createdAt\n    url\n    uploadedBy {\n      id\n      username\n      firstName\n      lastName\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n": types.AttachmentItem_AttachmentFragmentDoc,
    "\n  query TaskAttachments($taskId: ID!) {\n    task(id: $taskId) {\n      id\n      attachments {\n        ...AttachmentItem_attachment\n      }\n    }\n  }\n": types.TaskAttachmentsDocument,
    "\n  mutation RenameAttachment($id: ID!, $name: String!) {\n    renameAttachment(id: $id, name: $name) {\n      ...AttachmentItem_attachment\n    }\n  }\n": types.RenameAttachmentDocument,
    "\n  mutation DeleteAttachment($id: ID!) {\n    deleteAttachment(id: $id)\n  }\n": types.DeleteAttachmentDocument,
    "\n  query SignInTwoFactor {\n    twoFactor {\n      setupRequired\n    }\n  }\n": types.SignInTwoFactorDocument,
    "\n  query BookmarkletEmailIn {\n    emailIn {\n      address\n    }\n  }\n": types.BookmarkletEmailInDocument,
    "\n  fragment ImportJobView_job on ImportJob {\n    id\n    source\n    status\n    fileName\n    total\n    processed\n    created {\n      tasks\n      subtasks\n      comments\n    }\n    skipped {\n      ref\n      reason\n    }\n    error\n    createdAt\n  }\n": types.ImportJobView_JobFragmentDoc,
    "\n  query ImportJob($id: ID!) {\n    importJob(id: $id) {\n      ...ImportJobView_job\n    }\n  }\n": types.ImportJobDocument,
    "\n  query MyImports {\n    myImports {\n      ...ImportJobView_job\n    }\n  }\n": types.MyImportsDocument,
    "\n  query ImportPeople {\n    users {\n      id\n      username\n      firstName\n      lastName\n      isActive\n    }\n  }\n": types.ImportPeopleDocument,
    "\n  query PaletteTasks($search: String!) {\n    tasks(first: 8, filter: { search: $search }) {\n      nodes {\n        id\n        title\n        column\n        scheduledDate\n      }\n    }\n  }\n": types.PaletteTasksDocument,
    "\n  fragment ListingRow_task on Task {\n    id\n    title\n    description\n    status\n    priority\n    category\n    project\n    tags\n    dueDate\n    scheduledDate\n    estimatedHours\n    progress\n    createdAt\n    updatedAt\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdById\n    createdBy {\n      ...TaskPerson_user\n    }\n    timeSpentMinutes @include(if: $withSpent)\n  }\n": types.ListingRow_TaskFragmentDoc,
    "\n  query ListingTasks($filter: TaskFilter, $first: Int, $after: String, $sortBy: String, $sortOrder: String, $withSpent: Boolean! = false) {\n    tasks(filter: $filter, first: $first, after: $after, sortBy: $sortBy, sortOrder: $sortOrder) {\n      totalCount\n      latestSeq\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...ListingRow_task\n      }\n    }\n  }\n": types.ListingTasksDocument,
    "\n  fragment ListingView_view on TaskView {\n    id\n    name\n    description\n    columns\n    sortBy\n    sortOrder\n    isPublic\n    sharedWith\n    createdById\n    filters {\n      projects\n      statuses\n      tags\n      assignees\n      categories\n      priorities\n      search\n      dateRange {\n        start\n        end\n      }\n      timeSpent\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n": types.ListingView_ViewFragmentDoc,
    "\n  query ListingViews {\n    taskViews {\n      ...ListingView_view\n    }\n  }\n": types.ListingViewsDocument,
    "\n  mutation CreateListingView($input: TaskViewInput!) {\n    createTaskView(input: $input) {\n      ...ListingView_view\n    }\n  }\n": types.CreateListingViewDocument,
    "\n  mutation UpdateListingView($id: ID!, $input: TaskViewInput!) {\n    updateTaskView(id: $id, input: $input) {\n      ...ListingView_view\n    }\n  }\n": types.UpdateListingViewDocument,
    "\n  mutation ShareListingView($id: ID!, $input: ShareTaskViewInput!) {\n    shareTaskView(id: $id, input: $input) {\n      ...ListingView_view\n    }\n  }\n": types.ShareListingViewDocument,
    "\n  mutation DeleteListingView($id: ID!) {\n    deleteTaskView(id: $id)\n  }\n": types.DeleteListingViewDocument,
    "\n  query ListingTags {\n    taskTags\n  }\n": types.ListingTagsDocument,
    "\n  fragment ManagerTask_task on Task {\n    id\n    title\n    status\n    priority\n    project\n    dueDate\n    scheduledDate\n    scheduledTime\n    estimatedHours\n    isOverdue\n    updatedAt\n    assignedTo {\n      id\n      name\n    }\n  }\n": types.ManagerTask_TaskFragmentDoc,
    "\n  query ManagerDashboard($days: Int) {\n    managerDashboard {\n      teamMembers\n      totalTasks\n      completedTasks\n      completionPercentage\n      overdueTasks\n      recentTasks {\n        ...ManagerTask_task\n      }\n      byPerson {\n        user {\n          id\n          name\n        }\n        tasks {\n          ...ManagerTask_task\n        }\n        totalCount\n        remainingCount\n      }\n      byStatus {\n        status\n        tasks {\n          ...ManagerTask_task\n        }\n        totalCount\n        remainingCount\n      }\n      today {\n        date\n        people {\n          user {\n            id\n            name\n          }\n          capacityHours\n          plannedHours\n          overCapacity\n          tasks {\n            ...ManagerTask_task\n          }\n        }\n      }\n      slippage(days: $days) {\n        days\n        from\n        to\n        people {\n          user {\n            id\n            name\n          }\n          plannedTasks\n          slippedTasks\n          totalDaysSlipped\n          averageDaysSlipped\n        }\n      }\n    }\n    tasks(first: 1) {\n      latestSeq\n    }\n  }\n": types.ManagerDashboardDocument,
    "\n  mutation SetDailyCapacity($id: ID!, $hours: Float!) {\n    updateUser(id: $id, input: { dailyCapacityHours: $hours }) {\n      id\n      dailyCapacityHours\n    }\n  }\n": types.SetDailyCapacityDocument,
    "\n  query ManagerTime($range: TimeRange!, $start: String) {\n    managerTime(range: $range, start: $start) {\n      range\n      from\n      to\n      plannedMinutes\n      spentMinutes\n      people {\n        user {\n          id\n          name\n        }\n        plannedMinutes\n        spentMinutes\n      }\n      projects {\n        project\n        name\n        plannedMinutes\n        spentMinutes\n      }\n    }\n  }\n": types.ManagerTimeDocument,
    "\n  query MentionableUsers($taskId: ID!, $search: String) {\n    mentionableUsers(taskId: $taskId, search: $search) {\n      id\n      username\n      firstName\n      lastName\n      name\n    }\n  }\n": types.MentionableUsersDocument,
    "\n  query NotificationCount {\n    notifications(first: 1) {\n      unreadCount\n      nodes {\n        id\n      }\n    }\n  }\n": types.NotificationCountDocument,
    "\n  subscription NotificationAdded {\n    notificationAdded(includeLatest: true) {\n      id\n      kind\n      taskId\n      message\n    }\n  }\n": types.NotificationAddedDocument,
    "\n  query NotificationList($first: Int, $after: String) {\n    notifications(first: $first, after: $after) {\n      totalCount\n      unreadCount\n      nodes {\n        id\n        kind\n        taskId\n        taskTitle\n        commentId\n        message\n        read\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.NotificationListDocument,
    "\n  mutation MarkNotificationsRead($ids: [ID!]) {\n    markNotificationsRead(ids: $ids)\n  }\n": types.MarkNotificationsReadDocument,
    "\n  query NotificationPreferences {\n    notificationPreferences {\n      emailAvailable\n      timeZone\n      preferences {\n        kind\n        inApp\n        email\n      }\n    }\n  }\n": types.NotificationPreferencesDocument,
    "\n  mutation UpdateNotificationPreferences($preferences: [NotificationPreferenceInput!]!) {\n    updateNotificationPreferences(preferences: $preferences) {\n      emailAvailable\n      timeZone\n      preferences {\n        kind\n        inApp\n        email\n      }\n    }\n  }\n": types.UpdateNotificationPreferencesDocument,
    "\n  fragment TaskCard_task on Task {\n    ...TaskBase_task\n  }\n": types.TaskCard_TaskFragmentDoc,
    "\n  fragment MoveTaskVersion_task on Task {\n    version\n  }\n": types.MoveTaskVersion_TaskFragmentDoc,
    "\n  query PlannerTasks($scope: String!) {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\", filter: { scope: $scope }) {\n      totalCount\n      latestSeq\n      pageInfo {\n        endCursor\n      }\n      nodes {\n        ...TaskCard_task\n      }\n    }\n  }\n": types.PlannerTasksDocument,
    "\n  query PlannerTaskIds($scope: String!) {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\", filter: { scope: $scope }) {\n      totalCount\n      nodes {\n        id\n      }\n    }\n  }\n": types.PlannerTaskIdsDocument,
    "\n  query PlannerTaskEnd($scope: String!) {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\", filter: { scope: $scope }) {\n      pageInfo {\n        endCursor\n      }\n    }\n  }\n": types.PlannerTaskEndDocument,
    "\n  query PlannerTasksPage($scope: String!, $after: String) {\n    tasks(first: 500, after: $after, sortBy: \"createdAt\", sortOrder: \"desc\", filter: { scope: $scope }) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...TaskCard_task\n      }\n    }\n  }\n": types.PlannerTasksPageDocument,
    "\n  mutation PlannerCreateTask($input: TaskInput!) {\n    createTask(input: $input) {\n      ...TaskCard_task\n    }\n  }\n": types.PlannerCreateTaskDocument,
    "\n  mutation MoveTask($input: MoveTaskInput!) {\n    moveTask(input: $input) {\n      ...TaskCard_task\n    }\n  }\n": types.MoveTaskDocument,
    "\n  mutation DeleteTasks($ids: [ID!]!) {\n    deleteTasks(ids: $ids)\n  }\n": types.DeleteTasksDocument,
    "\n  query ConfigLabels {\n    categories: systemConfigs(configType: \"categories\") {\n      id\n      configKey\n      displayLabel\n      color\n    }\n    priorities: systemConfigs(configType: \"priorities\") {\n      id\n      configKey\n      displayLabel\n      color\n    }\n  }\n": types.ConfigLabelsDocument,
    "\n  fragment PresenceViewer_viewer on PresenceViewer {\n    editing\n    user {\n      id\n      username\n      firstName\n      lastName\n    }\n  }\n": types.PresenceViewer_ViewerFragmentDoc,
    "\n  subscription TaskPresence($taskId: ID!, $clientId: String!) {\n    taskPresence(taskId: $taskId, clientId: $clientId) {\n      taskId\n      viewers {\n        ...PresenceViewer_viewer\n      }\n    }\n  }\n": types.TaskPresenceDocument,
    "\n  subscription BoardPresence {\n    boardPresence {\n      taskId\n      viewers {\n        ...PresenceViewer_viewer\n      }\n    }\n  }\n": types.BoardPresenceDocument,
    "\n  mutation AnnouncePresence($taskId: ID!, $clientId: String!, $editing: Boolean!) {\n    announcePresence(taskId: $taskId, clientId: $clientId, editing: $editing)\n  }\n": types.AnnouncePresenceDocument,
    "\n  fragment ProjectCard_project on Project {\n    id\n    version\n    name\n    description\n    charter\n    color\n    projectType\n    visibility\n    status\n    priority\n    progress\n    projectManagerId\n    projectManager {\n      id\n      name\n    }\n    functionId\n    startDate\n    endDate\n    isActive\n    isOverdue\n    taskCounts {\n      open\n      done\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n": types.ProjectCard_ProjectFragmentDoc,
    "\n  query ProjectsPanel {\n    projects {\n      ...ProjectCard_project\n    }\n    users(includeInactive: false) {\n      id\n      name\n    }\n    functions {\n      id\n      name\n      isActive\n    }\n    tasks(first: 1) {\n      latestSeq\n    }\n  }\n": types.ProjectsPanelDocument,
    "\n  mutation CreateProject($input: ProjectInput!) {\n    createProject(input: $input) {\n      ...ProjectCard_project\n    }\n  }\n": types.CreateProjectDocument,
    "\n  mutation UpdateProject($id: ID!, $input: ProjectInput!) {\n    updateProject(id: $id, input: $input) {\n      ...ProjectCard_project\n    }\n  }\n": types.UpdateProjectDocument,
    "\n  mutation DeleteProject($id: ID!) {\n    deleteProject(id: $id)\n  }\n": types.DeleteProjectDocument,
    "\n  subscription ProjectEvents {\n    projectEvents {\n      kind\n      projectId\n      project {\n        ...ProjectCard_project\n      }\n    }\n  }\n": types.ProjectEventsDocument,
    "\n  query Passkeys {\n    passkeys {\n      id\n      name\n      createdAt\n      lastUsedAt\n    }\n  }\n": types.PasskeysDocument,
    "\n  mutation PasskeyRegistrationOptions {\n    passkeyRegistrationOptions\n  }\n": types.PasskeyRegistrationOptionsDocument,
    "\n  mutation AddPasskey($response: String!, $name: String) {\n    addPasskey(response: $response, name: $name) {\n      id\n      name\n      createdAt\n      lastUsedAt\n    }\n  }\n": types.AddPasskeyDocument,
    "\n  mutation RenamePasskey($id: ID!, $name: String!) {\n    renamePasskey(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n": types.RenamePasskeyDocument,
    "\n  mutation RemovePasskey($id: ID!) {\n    removePasskey(id: $id)\n  }\n": types.RemovePasskeyDocument,
    "\n  query MySessions {\n    mySessions {\n      id\n      current\n      browser\n      os\n      ip\n      signedInAt\n      lastSeenAt\n    }\n  }\n": types.MySessionsDocument,
    "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n": types.RevokeSessionDocument,
    "\n  mutation RevokeOtherSessions {\n    revokeOtherSessions\n  }\n": types.RevokeOtherSessionsDocument,
    "\n  fragment ApiTokenRow_token on ApiToken {\n    id\n    name\n    createdAt\n    lastUsedAt\n  }\n": types.ApiTokenRow_TokenFragmentDoc,
    "\n  query SettingsApiTokens {\n    apiTokens {\n      ...ApiTokenRow_token\n    }\n  }\n": types.SettingsApiTokensDocument,
    "\n  mutation CreateApiToken($name: String!) {\n    createApiToken(name: $name) {\n      id\n      name\n      token\n      createdAt\n    }\n  }\n": types.CreateApiTokenDocument,
    "\n  mutation RevokeApiToken($id: ID!) {\n    revokeApiToken(id: $id)\n  }\n": types.RevokeApiTokenDocument,
    "\n  query SettingsCalendarFeed {\n    calendarFeed {\n      url\n    }\n  }\n": types.SettingsCalendarFeedDocument,
    "\n  mutation RotateCalendarFeed {\n    rotateCalendarFeed {\n      url\n    }\n  }\n": types.RotateCalendarFeedDocument,
    "\n  query SettingsEmailIn {\n    emailIn {\n      address\n    }\n  }\n": types.SettingsEmailInDocument,
    "\n  mutation RotateEmailIn {\n    rotateEmailIn {\n      address\n    }\n  }\n": types.RotateEmailInDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      apiTokens {\n        ...ApiTokenRow_token\n      }\n    }\n  }\n": types.ChangePasswordDocument,
    "\n  query SettingsTwoFactor {\n    twoFactor {\n      enabled\n      recoveryCodesLeft\n      setupRequired\n    }\n  }\n": types.SettingsTwoFactorDocument,
    "\n  mutation StartTwoFactorSetup {\n    startTwoFactorSetup {\n      secret\n      qrCodeDataUrl\n    }\n  }\n": types.StartTwoFactorSetupDocument,
    "\n  mutation ConfirmTwoFactorSetup($code: String!) {\n    confirmTwoFactorSetup(code: $code)\n  }\n": types.ConfirmTwoFactorSetupDocument,
    "\n  mutation TurnOffTwoFactor($code: String!) {\n    turnOffTwoFactor(code: $code)\n  }\n": types.TurnOffTwoFactorDocument,
    "\n  mutation NewRecoveryCodes($code: String!) {\n    newRecoveryCodes(code: $code)\n  }\n": types.NewRecoveryCodesDocument,
    "\n  mutation DeleteTask($id: ID!) {\n    deleteTask(id: $id)\n  }\n": types.DeleteTaskDocument,
    "\n  subscription BoardEvents($since: Int) {\n    boardEvents(since: $since) {\n      ...BoardEvent_event\n    }\n  }\n": types.BoardEventsDocument,
    "\n  fragment BoardEvent_event on BoardEvent {\n    seq\n    kind\n    taskId\n    entityId\n    task {\n      ...TaskDetails_task\n    }\n    subtaskCount {\n      done\n      total\n    }\n    commentCount\n  }\n": types.BoardEvent_EventFragmentDoc,
    "\n  query TaskPickerOptions {\n    users(includeInactive: false) {\n      ...TaskPerson_user\n      role\n      isActive\n    }\n    projects {\n      ...PickerProject_project\n    }\n    categories: systemConfigs(configType: \"categories\") {\n      ...PickerConfig_item\n    }\n    priorities: systemConfigs(configType: \"priorities\") {\n      ...PickerConfig_item\n    }\n  }\n": types.TaskPickerOptionsDocument,
    "\n  fragment PickerProject_project on Project {\n    id\n    name\n    color\n    isActive\n  }\n": types.PickerProject_ProjectFragmentDoc,
    "\n  fragment PickerConfig_item on SystemConfig {\n    id\n    configType\n    configKey\n    displayLabel\n    color\n    isActive\n    sortOrder\n  }\n": types.PickerConfig_ItemFragmentDoc,
    "\n  mutation CreatePickerProject($input: ProjectInput!) {\n    createProject(input: $input) {\n      ...PickerProject_project\n    }\n  }\n": types.CreatePickerProjectDocument,
    "\n  mutation CreatePickerConfig($input: SystemConfigInput!) {\n    createSystemConfig(input: $input) {\n      ...PickerConfig_item\n    }\n  }\n": types.CreatePickerConfigDocument,
    "\n  mutation QuickAddTask($text: String!) {\n    quickAddTask(text: $text) {\n      ...TaskCard_task\n    }\n  }\n": types.QuickAddTaskDocument,
    "\n  fragment TaskPerson_user on User {\n    id\n    username\n    firstName\n    lastName\n    managerId\n  }\n": types.TaskPerson_UserFragmentDoc,
    "\n  fragment TaskBase_task on Task {\n    id\n    version\n    title\n    description\n    project\n    category\n    priority\n    status\n    progress\n    column\n    tags\n    dueDate\n    scheduledDate\n    scheduledTime\n    estimatedHours\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdById\n    completedAt\n    isOverdue\n    subtaskCount {\n      total\n      done\n    }\n    commentCount\n    attachmentCount\n    viewerCan {\n      update\n      delete\n    }\n    createdAt\n    updatedAt\n  }\n": types.TaskBase_TaskFragmentDoc,
    "\n  fragment TaskDetails_task on Task {\n    ...TaskBase_task\n    createdBy {\n      ...TaskPerson_user\n    }\n    isRepeatable\n    repeatPattern\n    repeatInterval\n    repeatEndDate\n  }\n": types.TaskDetails_TaskFragmentDoc,
    "\n  fragment SubtaskItem_subtask on Subtask {\n    id\n    version\n    taskId\n    title\n    description\n    status\n    dueDate\n    estimatedHours\n    tags\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdAt\n    updatedAt\n    viewerCan {\n      update\n      delete\n    }\n  }\n": types.SubtaskItem_SubtaskFragmentDoc,
    "\n  fragment CommentItem_comment on TaskComment {\n    id\n    taskId\n    userId\n    content\n    commentType\n    isInternal\n    createdAt\n    mentions {\n      userId\n      name\n      start\n      end\n    }\n    author {\n      ...TaskPerson_user\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n": types.CommentItem_CommentFragmentDoc,
    "\n  fragment ActivityLogEntry_entry on AuditEntry {\n    id\n    action\n    description\n    entityType\n    createdAt\n    userId\n    userName\n    changes {\n      field\n      oldValue\n      newValue\n    }\n  }\n": types.ActivityLogEntry_EntryFragmentDoc,
    "\n  query TaskDetails($id: ID!) {\n    task(id: $id) {\n      ...TaskDetails_task\n      subtasks {\n        ...SubtaskItem_subtask\n      }\n      comments {\n        ...CommentItem_comment\n      }\n    }\n  }\n": types.TaskDetailsDocument,
    "\n  query TaskActivity($taskId: ID!) {\n    taskAudit(taskId: $taskId) {\n      ...ActivityLogEntry_entry\n    }\n  }\n": types.TaskActivityDocument,
    "\n  mutation CreateTask($input: TaskInput!) {\n    createTask(input: $input) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n": types.CreateTaskDocument,
    "\n  mutation UpdateTask($id: ID!, $input: TaskInput!) {\n    updateTask(id: $id, input: $input) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n": types.UpdateTaskDocument,
    "\n  mutation CreateSubtask($taskId: ID!, $input: SubtaskInput!) {\n    createSubtask(taskId: $taskId, input: $input) {\n      ...SubtaskItem_subtask\n    }\n  }\n": types.CreateSubtaskDocument,
    "\n  mutation UpdateSubtask($id: ID!, $input: SubtaskInput!) {\n    updateSubtask(id: $id, input: $input) {\n      ...SubtaskItem_subtask\n    }\n  }\n": types.UpdateSubtaskDocument,
    "\n  mutation DeleteSubtask($id: ID!) {\n    deleteSubtask(id: $id)\n  }\n": types.DeleteSubtaskDocument,
    "\n  mutation PromoteSubtask($id: ID!) {\n    promoteSubtask(id: $id) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n": types.PromoteSubtaskDocument,
    "\n  mutation AddComment($taskId: ID!, $input: CommentInput!) {\n    addComment(taskId: $taskId, input: $input) {\n      ...CommentItem_comment\n    }\n  }\n": types.AddCommentDocument,
    "\n  mutation UpdateComment($id: ID!, $content: String!) {\n    updateComment(id: $id, content: $content) {\n      ...CommentItem_comment\n    }\n  }\n": types.UpdateCommentDocument,
    "\n  mutation DeleteComment($id: ID!) {\n    deleteComment(id: $id)\n  }\n": types.DeleteCommentDocument,
    "\n  subscription TaskDetailsEvents($taskId: ID, $since: Int) {\n    boardEvents(taskId: $taskId, since: $since) {\n      kind\n      taskId\n      entityId\n      task {\n        ...TaskDetails_task\n      }\n      subtask {\n        ...SubtaskItem_subtask\n      }\n      comment {\n        ...CommentItem_comment\n      }\n      subtaskCount {\n        done\n        total\n      }\n      commentCount\n    }\n  }\n": types.TaskDetailsEventsDocument,
    "\n  mutation RestoreDeletedTasks($ids: [ID!]!) {\n    restoreDeletedTasks(ids: $ids) {\n      ...TaskCard_task\n    }\n  }\n": types.RestoreDeletedTasksDocument,
    "\n  mutation UndoTaskChange($id: ID!, $input: TaskInput!) {\n    updateTask(id: $id, input: $input) {\n      ...TaskCard_task\n    }\n  }\n": types.UndoTaskChangeDocument,
    "\n  fragment TemplateSubtask_item on TemplateSubtask {\n    id\n    title\n    description\n    status\n    estimatedHours\n    position\n  }\n": types.TemplateSubtask_ItemFragmentDoc,
    "\n  fragment TemplateCard_template on TaskTemplate {\n    id\n    version\n    name\n    title\n    description\n    project\n    category\n    priority\n    estimatedHours\n    tags\n    defaultAssigneeId\n    defaultAssignee {\n      id\n      name\n    }\n    subtasks {\n      ...TemplateSubtask_item\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n": types.TemplateCard_TemplateFragmentDoc,
    "\n  query TaskTemplates {\n    taskTemplates {\n      ...TemplateCard_template\n    }\n  }\n": types.TaskTemplatesDocument,
    "\n  mutation CreateTaskTemplate($input: TaskTemplateInput!) {\n    createTaskTemplate(input: $input) {\n      ...TemplateCard_template\n    }\n  }\n": types.CreateTaskTemplateDocument,
    "\n  mutation UpdateTaskTemplate($id: ID!, $input: TaskTemplateInput!) {\n    updateTaskTemplate(id: $id, input: $input) {\n      ...TemplateCard_template\n    }\n  }\n": types.UpdateTaskTemplateDocument,
    "\n  mutation DeleteTaskTemplate($id: ID!) {\n    deleteTaskTemplate(id: $id)\n  }\n": types.DeleteTaskTemplateDocument,
    "\n  mutation CreateTaskFromTemplate($id: ID!) {\n    createTaskFromTemplate(id: $id) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n": types.CreateTaskFromTemplateDocument,
    "\n  mutation SetTheme($theme: ThemePreference!) {\n    setTheme(theme: $theme) {\n      id\n      theme\n    }\n  }\n": types.SetThemeDocument,
    "\n  fragment TimeEntryItem_entry on TimeEntry {\n    id\n    date\n    minutes\n    spentMinutes\n    running\n    note\n    user {\n      id\n      username\n      firstName\n      lastName\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n": types.TimeEntryItem_EntryFragmentDoc,
    "\n  query TaskTime($taskId: ID!) {\n    task(id: $taskId) {\n      id\n      estimatedHours\n      timeSpentMinutes\n    }\n    timeEntries(filter: { taskId: $taskId }) {\n      ...TimeEntryItem_entry\n    }\n  }\n": types.TaskTimeDocument,
    "\n  query RunningTimer {\n    runningTimer {\n      id\n      taskId\n      startedAt\n      task {\n        id\n        title\n      }\n    }\n  }\n": types.RunningTimerDocument,
    "\n  mutation StartTimer($taskId: ID!) {\n    startTimer(taskId: $taskId) {\n      id\n    }\n  }\n": types.StartTimerDocument,
    "\n  mutation StopTimer {\n    stopTimer {\n      id\n      minutes\n    }\n  }\n": types.StopTimerDocument,
    "\n  mutation AddTimeEntry($taskId: ID!, $date: String!, $minutes: Int!, $note: String) {\n    addTimeEntry(taskId: $taskId, date: $date, minutes: $minutes, note: $note) {\n      ...TimeEntryItem_entry\n    }\n  }\n": types.AddTimeEntryDocument,
    "\n  mutation UpdateTimeEntry($id: ID!, $date: String, $minutes: Int, $note: String) {\n    updateTimeEntry(id: $id, date: $date, minutes: $minutes, note: $note) {\n      ...TimeEntryItem_entry\n    }\n  }\n": types.UpdateTimeEntryDocument,
    "\n  mutation DeleteTimeEntry($id: ID!) {\n    deleteTimeEntry(id: $id)\n  }\n": types.DeleteTimeEntryDocument,
    "\n  fragment ViewerFields on User {\n    id\n    username\n    firstName\n    lastName\n    email\n    role\n    managerId\n    theme\n  }\n": types.ViewerFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...ViewerFields\n    }\n  }\n": types.MeDocument,
    "\n  mutation Login($username: String!, $password: String!, $code: String) {\n    login(username: $username, password: $password, code: $code) {\n      ...ViewerFields\n    }\n  }\n": types.LoginDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  mutation PasskeySignInOptions {\n    passkeySignInOptions\n  }\n": types.PasskeySignInOptionsDocument,
    "\n  mutation LoginWithPasskey($response: String!) {\n    loginWithPasskey(response: $response) {\n      ...ViewerFields\n    }\n  }\n": types.LoginWithPasskeyDocument,
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
export function graphql(source: "\n  fragment ActivityEntry_entry on AuditEntry {\n    id\n    action\n    description\n    entityType\n    taskId\n    createdAt\n    userId\n    userName\n    restore\n    changes {\n      field\n      oldValue\n      newValue\n    }\n  }\n"): (typeof documents)["\n  fragment ActivityEntry_entry on AuditEntry {\n    id\n    action\n    description\n    entityType\n    taskId\n    createdAt\n    userId\n    userName\n    restore\n    changes {\n      field\n      oldValue\n      newValue\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ActivityTimeline($filter: ActivityFilter, $first: Int, $after: String) {\n    activity(filter: $filter, first: $first, after: $after) {\n      totalCount\n      days {\n        date\n        count\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...ActivityEntry_entry\n      }\n    }\n  }\n"): (typeof documents)["\n  query ActivityTimeline($filter: ActivityFilter, $first: Int, $after: String) {\n    activity(filter: $filter, first: $first, after: $after) {\n      totalCount\n      days {\n        date\n        count\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...ActivityEntry_entry\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ActivityLive {\n    boardEvents {\n      seq\n      kind\n      taskId\n    }\n  }\n"): (typeof documents)["\n  subscription ActivityLive {\n    boardEvents {\n      seq\n      kind\n      taskId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestoreFromAudit($auditId: ID!) {\n    restoreFromAudit(auditId: $auditId) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n"): (typeof documents)["\n  mutation RestoreFromAudit($auditId: ID!) {\n    restoreFromAudit(auditId: $auditId) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminUser_user on User {\n    id\n    username\n    email\n    firstName\n    lastName\n    name\n    role\n    isActive\n    managerId\n    createdAt\n  }\n"): (typeof documents)["\n  fragment AdminUser_user on User {\n    id\n    username\n    email\n    firstName\n    lastName\n    name\n    role\n    isActive\n    managerId\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminConfig_item on SystemConfig {\n    id\n    configType\n    configKey\n    displayLabel\n    color\n    isActive\n    sortOrder\n    value\n    viewerCan {\n      update\n      delete\n    }\n  }\n"): (typeof documents)["\n  fragment AdminConfig_item on SystemConfig {\n    id\n    configType\n    configKey\n    displayLabel\n    color\n    isActive\n    sortOrder\n    value\n    viewerCan {\n      update\n      delete\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminDashboard {\n    users {\n      ...AdminUser_user\n    }\n    projects {\n      id\n      isActive\n    }\n    allConfigs: systemConfigs {\n      id\n    }\n    categories: systemConfigs(configType: \"categories\") {\n      ...AdminConfig_item\n    }\n    priorities: systemConfigs(configType: \"priorities\") {\n      ...AdminConfig_item\n    }\n    systemStatus {\n      ready\n      databaseReachable\n      redisReachable\n      database\n      liveUpdates\n      checkedAt\n    }\n  }\n"): (typeof documents)["\n  query AdminDashboard {\n    users {\n      ...AdminUser_user\n    }\n    projects {\n      id\n      isActive\n    }\n    allConfigs: systemConfigs {\n      id\n    }\n    categories: systemConfigs(configType: \"categories\") {\n      ...AdminConfig_item\n    }\n    priorities: systemConfigs(configType: \"priorities\") {\n      ...AdminConfig_item\n    }\n    systemStatus {\n      ready\n      databaseReachable\n      redisReachable\n      database\n      liveUpdates\n      checkedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateUser($input: UserInput!) {\n    createUser(input: $input) {\n      ...AdminUser_user\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateUser($input: UserInput!) {\n    createUser(input: $input) {\n      ...AdminUser_user\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUpdateUser($id: ID!, $input: UserInput!) {\n    updateUser(id: $id, input: $input) {\n      ...AdminUser_user\n    }\n  }\n"): (typeof documents)["\n  mutation AdminUpdateUser($id: ID!, $input: UserInput!) {\n    updateUser(id: $id, input: $input) {\n      ...AdminUser_user\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetUserActive($id: ID!, $isActive: Boolean!) {\n    setUserActive(id: $id, isActive: $isActive) {\n      ...AdminUser_user\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSetUserActive($id: ID!, $isActive: Boolean!) {\n    setUserActive(id: $id, isActive: $isActive) {\n      ...AdminUser_user\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminDeleteUser($id: ID!) {\n    deleteUser(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminDeleteUser($id: ID!) {\n    deleteUser(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateConfig($input: SystemConfigInput!) {\n    createSystemConfig(input: $input) {\n      ...AdminConfig_item\n      ...PickerConfig_item\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateConfig($input: SystemConfigInput!) {\n    createSystemConfig(input: $input) {\n      ...AdminConfig_item\n      ...PickerConfig_item\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUpdateConfig($id: ID!, $input: SystemConfigInput!) {\n    updateSystemConfig(id: $id, input: $input) {\n      ...AdminConfig_item\n    }\n  }\n"): (typeof documents)["\n  mutation AdminUpdateConfig($id: ID!, $input: SystemConfigInput!) {\n    updateSystemConfig(id: $id, input: $input) {\n      ...AdminConfig_item\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminDeleteConfig($id: ID!) {\n    deleteSystemConfig(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminDeleteConfig($id: ID!) {\n    deleteSystemConfig(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrgTeam_team on Team {\n    id\n    name\n    description\n    color\n    isActive\n    functionId\n    managerId\n    skillCategories\n    manager {\n      id\n      name\n    }\n    members {\n      id\n      userId\n      isActive\n      user {\n        id\n        name\n        username\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment OrgTeam_team on Team {\n    id\n    name\n    description\n    color\n    isActive\n    functionId\n    managerId\n    skillCategories\n    manager {\n      id\n      name\n    }\n    members {\n      id\n      userId\n      isActive\n      user {\n        id\n        name\n        username\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrgFunction_function on OrgFunction {\n    id\n    name\n    description\n    color\n    isActive\n    headId\n    head {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  fragment OrgFunction_function on OrgFunction {\n    id\n    name\n    description\n    color\n    isActive\n    headId\n    head {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOrganization {\n    functions {\n      ...OrgFunction_function\n    }\n    teams {\n      ...OrgTeam_team\n    }\n    users {\n      ...AdminUser_user\n    }\n  }\n"): (typeof documents)["\n  query AdminOrganization {\n    functions {\n      ...OrgFunction_function\n    }\n    teams {\n      ...OrgTeam_team\n    }\n    users {\n      ...AdminUser_user\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateFunction($input: FunctionInput!) {\n    createFunction(input: $input) {\n      ...OrgFunction_function\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateFunction($input: FunctionInput!) {\n    createFunction(input: $input) {\n      ...OrgFunction_function\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUpdateFunction($id: ID!, $input: FunctionInput!) {\n    updateFunction(id: $id, input: $input) {\n      ...OrgFunction_function\n    }\n  }\n"): (typeof documents)["\n  mutation AdminUpdateFunction($id: ID!, $input: FunctionInput!) {\n    updateFunction(id: $id, input: $input) {\n      ...OrgFunction_function\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateTeam($input: TeamInput!) {\n    createTeam(input: $input) {\n      ...OrgTeam_team\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateTeam($input: TeamInput!) {\n    createTeam(input: $input) {\n      ...OrgTeam_team\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUpdateTeam($id: ID!, $input: TeamInput!) {\n    updateTeam(id: $id, input: $input) {\n      ...OrgTeam_team\n    }\n  }\n"): (typeof documents)["\n  mutation AdminUpdateTeam($id: ID!, $input: TeamInput!) {\n    updateTeam(id: $id, input: $input) {\n      ...OrgTeam_team\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminAddTeamMember($teamId: ID!, $userId: ID!) {\n    addTeamMember(teamId: $teamId, userId: $userId) {\n      id\n      team {\n        ...OrgTeam_team\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminAddTeamMember($teamId: ID!, $userId: ID!) {\n    addTeamMember(teamId: $teamId, userId: $userId) {\n      id\n      team {\n        ...OrgTeam_team\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRemoveTeamMember($id: ID!) {\n    removeTeamMember(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminRemoveTeamMember($id: ID!) {\n    removeTeamMember(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminSecurityEvents($first: Int, $after: String, $userId: ID) {\n    securityEvents(first: $first, after: $after, userId: $userId) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        kind\n        description\n        userName\n        actorName\n        ip\n        device\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminSecurityEvents($first: Int, $after: String, $userId: ID) {\n    securityEvents(first: $first, after: $after, userId: $userId) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        kind\n        description\n        userName\n        actorName\n        ip\n        device\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SecurityEventPeople {\n    users(includeInactive: true) {\n      id\n      username\n      firstName\n      lastName\n      isActive\n    }\n  }\n"): (typeof documents)["\n  query SecurityEventPeople {\n    users(includeInactive: true) {\n      id\n      username\n      firstName\n      lastName\n      isActive\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignOutUserEverywhere($userId: ID!) {\n    signOutUserEverywhere(userId: $userId)\n  }\n"): (typeof documents)["\n  mutation SignOutUserEverywhere($userId: ID!) {\n    signOutUserEverywhere(userId: $userId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetTwoFactor($userId: ID!) {\n    resetTwoFactor(userId: $userId)\n  }\n"): (typeof documents)["\n  mutation ResetTwoFactor($userId: ID!) {\n    resetTwoFactor(userId: $userId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminTwoFactorRequirement {\n    twoFactorRequirement\n  }\n"): (typeof documents)["\n  query AdminTwoFactorRequirement {\n    twoFactorRequirement\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetTwoFactorRequirement($required: String!) {\n    setTwoFactorRequirement(required: $required)\n  }\n"): (typeof documents)["\n  mutation SetTwoFactorRequirement($required: String!) {\n    setTwoFactorRequirement(required: $required)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminWebhook_webhook on Webhook {\n    id\n    url\n    events\n    enabled\n    createdAt\n  }\n"): (typeof documents)["\n  fragment AdminWebhook_webhook on Webhook {\n    id\n    url\n    events\n    enabled\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminWebhooks {\n    webhooks {\n      ...AdminWebhook_webhook\n    }\n  }\n"): (typeof documents)["\n  query AdminWebhooks {\n    webhooks {\n      ...AdminWebhook_webhook\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($webhookId: ID!) {\n    webhookDeliveries(webhookId: $webhookId) {\n      id\n      event\n      status\n      statusCode\n      durationMs\n      attempt\n      error\n      createdAt\n      lastAttemptAt\n    }\n  }\n"): (typeof documents)["\n  query WebhookDeliveries($webhookId: ID!) {\n    webhookDeliveries(webhookId: $webhookId) {\n      id\n      event\n      status\n      statusCode\n      durationMs\n      attempt\n      error\n      createdAt\n      lastAttemptAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhook($input: WebhookInput!) {\n    createWebhook(input: $input) {\n      ...AdminWebhook_webhook\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhook($input: WebhookInput!) {\n    createWebhook(input: $input) {\n      ...AdminWebhook_webhook\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhook($id: ID!, $input: WebhookUpdateInput!) {\n    updateWebhook(id: $id, input: $input) {\n      ...AdminWebhook_webhook\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateWebhook($id: ID!, $input: WebhookUpdateInput!) {\n    updateWebhook(id: $id, input: $input) {\n      ...AdminWebhook_webhook\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverWebhookDelivery($webhookId: ID!, $deliveryId: ID!) {\n    redeliverWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {\n      id\n      status\n      attempt\n      error\n    }\n  }\n"): (typeof documents)["\n  mutation RedeliverWebhookDelivery($webhookId: ID!, $deliveryId: ID!) {\n    redeliverWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {\n      id\n      status\n      attempt\n      error\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AttachmentItem_attachment on Attachment {\n    id\n    name\n    size\n    contentType\n    createdAt\n    url\n    uploadedBy {\n      id\n      username\n      firstName\n      lastName\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n"): (typeof documents)["\n  fragment AttachmentItem_attachment on Attachment {\n    id\n    name\n    size\n    contentType\n    createdAt\n    url\n    uploadedBy {\n      id\n      username\n      firstName\n      lastName\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaskAttachments($taskId: ID!) {\n    task(id: $taskId) {\n      id\n      attachments {\n        ...AttachmentItem_attachment\n      }\n    }\n  }\n"): (typeof documents)["\n  query TaskAttachments($taskId: ID!) {\n    task(id: $taskId) {\n      id\n      attachments {\n        ...AttachmentItem_attachment\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameAttachment($id: ID!, $name: String!) {\n    renameAttachment(id: $id, name: $name) {\n      ...AttachmentItem_attachment\n    }\n  }\n"): (typeof documents)["\n  mutation RenameAttachment($id: ID!, $name: String!) {\n    renameAttachment(id: $id, name: $name) {\n      ...AttachmentItem_attachment\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAttachment($id: ID!) {\n    deleteAttachment(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteAttachment($id: ID!) {\n    deleteAttachment(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SignInTwoFactor {\n    twoFactor {\n      setupRequired\n    }\n  }\n"): (typeof documents)["\n  query SignInTwoFactor {\n    twoFactor {\n      setupRequired\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BookmarkletEmailIn {\n    emailIn {\n      address\n    }\n  }\n"): (typeof documents)["\n  query BookmarkletEmailIn {\n    emailIn {\n      address\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ImportJobView_job on ImportJob {\n    id\n    source\n    status\n    fileName\n    total\n    processed\n    created {\n      tasks\n      subtasks\n      comments\n    }\n    skipped {\n      ref\n      reason\n    }\n    error\n    createdAt\n  }\n"): (typeof documents)["\n  fragment ImportJobView_job on ImportJob {\n    id\n    source\n    status\n    fileName\n    total\n    processed\n    created {\n      tasks\n      subtasks\n      comments\n    }\n    skipped {\n      ref\n      reason\n    }\n    error\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportJob($id: ID!) {\n    importJob(id: $id) {\n      ...ImportJobView_job\n    }\n  }\n"): (typeof documents)["\n  query ImportJob($id: ID!) {\n    importJob(id: $id) {\n      ...ImportJobView_job\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyImports {\n    myImports {\n      ...ImportJobView_job\n    }\n  }\n"): (typeof documents)["\n  query MyImports {\n    myImports {\n      ...ImportJobView_job\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportPeople {\n    users {\n      id\n      username\n      firstName\n      lastName\n      isActive\n    }\n  }\n"): (typeof documents)["\n  query ImportPeople {\n    users {\n      id\n      username\n      firstName\n      lastName\n      isActive\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaletteTasks($search: String!) {\n    tasks(first: 8, filter: { search: $search }) {\n      nodes {\n        id\n        title\n        column\n        scheduledDate\n      }\n    }\n  }\n"): (typeof documents)["\n  query PaletteTasks($search: String!) {\n    tasks(first: 8, filter: { search: $search }) {\n      nodes {\n        id\n        title\n        column\n        scheduledDate\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ListingRow_task on Task {\n    id\n    title\n    description\n    status\n    priority\n    category\n    project\n    tags\n    dueDate\n    scheduledDate\n    estimatedHours\n    progress\n    createdAt\n    updatedAt\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdById\n    createdBy {\n      ...TaskPerson_user\n    }\n    timeSpentMinutes @include(if: $withSpent)\n  }\n"): (typeof documents)["\n  fragment ListingRow_task on Task {\n    id\n    title\n    description\n    status\n    priority\n    category\n    project\n    tags\n    dueDate\n    scheduledDate\n    estimatedHours\n    progress\n    createdAt\n    updatedAt\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdById\n    createdBy {\n      ...TaskPerson_user\n    }\n    timeSpentMinutes @include(if: $withSpent)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListingTasks($filter: TaskFilter, $first: Int, $after: String, $sortBy: String, $sortOrder: String, $withSpent: Boolean! = false) {\n    tasks(filter: $filter, first: $first, after: $after, sortBy: $sortBy, sortOrder: $sortOrder) {\n      totalCount\n      latestSeq\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...ListingRow_task\n      }\n    }\n  }\n"): (typeof documents)["\n  query ListingTasks($filter: TaskFilter, $first: Int, $after: String, $sortBy: String, $sortOrder: String, $withSpent: Boolean! = false) {\n    tasks(filter: $filter, first: $first, after: $after, sortBy: $sortBy, sortOrder: $sortOrder) {\n      totalCount\n      latestSeq\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...ListingRow_task\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ListingView_view on TaskView {\n    id\n    name\n    description\n    columns\n    sortBy\n    sortOrder\n    isPublic\n    sharedWith\n    createdById\n    filters {\n      projects\n      statuses\n      tags\n      assignees\n      categories\n      priorities\n      search\n      dateRange {\n        start\n        end\n      }\n      timeSpent\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n"): (typeof documents)["\n  fragment ListingView_view on TaskView {\n    id\n    name\n    description\n    columns\n    sortBy\n    sortOrder\n    isPublic\n    sharedWith\n    createdById\n    filters {\n      projects\n      statuses\n      tags\n      assignees\n      categories\n      priorities\n      search\n      dateRange {\n        start\n        end\n      }\n      timeSpent\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListingViews {\n    taskViews {\n      ...ListingView_view\n    }\n  }\n"): (typeof documents)["\n  query ListingViews {\n    taskViews {\n      ...ListingView_view\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateListingView($input: TaskViewInput!) {\n    createTaskView(input: $input) {\n      ...ListingView_view\n    }\n  }\n"): (typeof documents)["\n  mutation CreateListingView($input: TaskViewInput!) {\n    createTaskView(input: $input) {\n      ...ListingView_view\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateListingView($id: ID!, $input: TaskViewInput!) {\n    updateTaskView(id: $id, input: $input) {\n      ...ListingView_view\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateListingView($id: ID!, $input: TaskViewInput!) {\n    updateTaskView(id: $id, input: $input) {\n      ...ListingView_view\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ShareListingView($id: ID!, $input: ShareTaskViewInput!) {\n    shareTaskView(id: $id, input: $input) {\n      ...ListingView_view\n    }\n  }\n"): (typeof documents)["\n  mutation ShareListingView($id: ID!, $input: ShareTaskViewInput!) {\n    shareTaskView(id: $id, input: $input) {\n      ...ListingView_view\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteListingView($id: ID!) {\n    deleteTaskView(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteListingView($id: ID!) {\n    deleteTaskView(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListingTags {\n    taskTags\n  }\n"): (typeof documents)["\n  query ListingTags {\n    taskTags\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ManagerTask_task on Task {\n    id\n    title\n    status\n    priority\n    project\n    dueDate\n    scheduledDate\n    scheduledTime\n    estimatedHours\n    isOverdue\n    updatedAt\n    assignedTo {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  fragment ManagerTask_task on Task {\n    id\n    title\n    status\n    priority\n    project\n    dueDate\n    scheduledDate\n    scheduledTime\n    estimatedHours\n    isOverdue\n    updatedAt\n    assignedTo {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManagerDashboard($days: Int) {\n    managerDashboard {\n      teamMembers\n      totalTasks\n      completedTasks\n      completionPercentage\n      overdueTasks\n      recentTasks {\n        ...ManagerTask_task\n      }\n      byPerson {\n        user {\n          id\n          name\n        }\n        tasks {\n          ...ManagerTask_task\n        }\n        totalCount\n        remainingCount\n      }\n      byStatus {\n        status\n        tasks {\n          ...ManagerTask_task\n        }\n        totalCount\n        remainingCount\n      }\n      today {\n        date\n        people {\n          user {\n            id\n            name\n          }\n          capacityHours\n          plannedHours\n          overCapacity\n          tasks {\n            ...ManagerTask_task\n          }\n        }\n      }\n      slippage(days: $days) {\n        days\n        from\n        to\n        people {\n          user {\n            id\n            name\n          }\n          plannedTasks\n          slippedTasks\n          totalDaysSlipped\n          averageDaysSlipped\n        }\n      }\n    }\n    tasks(first: 1) {\n      latestSeq\n    }\n  }\n"): (typeof documents)["\n  query ManagerDashboard($days: Int) {\n    managerDashboard {\n      teamMembers\n      totalTasks\n      completedTasks\n      completionPercentage\n      overdueTasks\n      recentTasks {\n        ...ManagerTask_task\n      }\n      byPerson {\n        user {\n          id\n          name\n        }\n        tasks {\n          ...ManagerTask_task\n        }\n        totalCount\n        remainingCount\n      }\n      byStatus {\n        status\n        tasks {\n          ...ManagerTask_task\n        }\n        totalCount\n        remainingCount\n      }\n      today {\n        date\n        people {\n          user {\n            id\n            name\n          }\n          capacityHours\n          plannedHours\n          overCapacity\n          tasks {\n            ...ManagerTask_task\n          }\n        }\n      }\n      slippage(days: $days) {\n        days\n        from\n        to\n        people {\n          user {\n            id\n            name\n          }\n          plannedTasks\n          slippedTasks\n          totalDaysSlipped\n          averageDaysSlipped\n        }\n      }\n    }\n    tasks(first: 1) {\n      latestSeq\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetDailyCapacity($id: ID!, $hours: Float!) {\n    updateUser(id: $id, input: { dailyCapacityHours: $hours }) {\n      id\n      dailyCapacityHours\n    }\n  }\n"): (typeof documents)["\n  mutation SetDailyCapacity($id: ID!, $hours: Float!) {\n    updateUser(id: $id, input: { dailyCapacityHours: $hours }) {\n      id\n      dailyCapacityHours\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManagerTime($range: TimeRange!, $start: String) {\n    managerTime(range: $range, start: $start) {\n      range\n      from\n      to\n      plannedMinutes\n      spentMinutes\n      people {\n        user {\n          id\n          name\n        }\n        plannedMinutes\n        spentMinutes\n      }\n      projects {\n        project\n        name\n        plannedMinutes\n        spentMinutes\n      }\n    }\n  }\n"): (typeof documents)["\n  query ManagerTime($range: TimeRange!, $start: String) {\n    managerTime(range: $range, start: $start) {\n      range\n      from\n      to\n      plannedMinutes\n      spentMinutes\n      people {\n        user {\n          id\n          name\n        }\n        plannedMinutes\n        spentMinutes\n      }\n      projects {\n        project\n        name\n        plannedMinutes\n        spentMinutes\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MentionableUsers($taskId: ID!, $search: String) {\n    mentionableUsers(taskId: $taskId, search: $search) {\n      id\n      username\n      firstName\n      lastName\n      name\n    }\n  }\n"): (typeof documents)["\n  query MentionableUsers($taskId: ID!, $search: String) {\n    mentionableUsers(taskId: $taskId, search: $search) {\n      id\n      username\n      firstName\n      lastName\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationCount {\n    notifications(first: 1) {\n      unreadCount\n      nodes {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query NotificationCount {\n    notifications(first: 1) {\n      unreadCount\n      nodes {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription NotificationAdded {\n    notificationAdded(includeLatest: true) {\n      id\n      kind\n      taskId\n      message\n    }\n  }\n"): (typeof documents)["\n  subscription NotificationAdded {\n    notificationAdded(includeLatest: true) {\n      id\n      kind\n      taskId\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationList($first: Int, $after: String) {\n    notifications(first: $first, after: $after) {\n      totalCount\n      unreadCount\n      nodes {\n        id\n        kind\n        taskId\n        taskTitle\n        commentId\n        message\n        read\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query NotificationList($first: Int, $after: String) {\n    notifications(first: $first, after: $after) {\n      totalCount\n      unreadCount\n      nodes {\n        id\n        kind\n        taskId\n        taskTitle\n        commentId\n        message\n        read\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkNotificationsRead($ids: [ID!]) {\n    markNotificationsRead(ids: $ids)\n  }\n"): (typeof documents)["\n  mutation MarkNotificationsRead($ids: [ID!]) {\n    markNotificationsRead(ids: $ids)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationPreferences {\n    notificationPreferences {\n      emailAvailable\n      timeZone\n      preferences {\n        kind\n        inApp\n        email\n      }\n    }\n  }\n"): (typeof documents)["\n  query NotificationPreferences {\n    notificationPreferences {\n      emailAvailable\n      timeZone\n      preferences {\n        kind\n        inApp\n        email\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateNotificationPreferences($preferences: [NotificationPreferenceInput!]!) {\n    updateNotificationPreferences(preferences: $preferences) {\n      emailAvailable\n      timeZone\n      preferences {\n        kind\n        inApp\n        email\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateNotificationPreferences($preferences: [NotificationPreferenceInput!]!) {\n    updateNotificationPreferences(preferences: $preferences) {\n      emailAvailable\n      timeZone\n      preferences {\n        kind\n        inApp\n        email\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TaskCard_task on Task {\n    ...TaskBase_task\n  }\n"): (typeof documents)["\n  fragment TaskCard_task on Task {\n    ...TaskBase_task\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MoveTaskVersion_task on Task {\n    version\n  }\n"): (typeof documents)["\n  fragment MoveTaskVersion_task on Task {\n    version\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlannerTasks($scope: String!) {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\", filter: { scope: $scope }) {\n      totalCount\n      latestSeq\n      pageInfo {\n        endCursor\n      }\n      nodes {\n        ...TaskCard_task\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlannerTasks($scope: String!) {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\", filter: { scope: $scope }) {\n      totalCount\n      latestSeq\n      pageInfo {\n        endCursor\n      }\n      nodes {\n        ...TaskCard_task\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlannerTaskIds($scope: String!) {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\", filter: { scope: $scope }) {\n      totalCount\n      nodes {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlannerTaskIds($scope: String!) {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\", filter: { scope: $scope }) {\n      totalCount\n      nodes {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlannerTaskEnd($scope: String!) {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\", filter: { scope: $scope }) {\n      pageInfo {\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlannerTaskEnd($scope: String!) {\n    tasks(first: 100, sortBy: \"createdAt\", sortOrder: \"desc\", filter: { scope: $scope }) {\n      pageInfo {\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlannerTasksPage($scope: String!, $after: String) {\n    tasks(first: 500, after: $after, sortBy: \"createdAt\", sortOrder: \"desc\", filter: { scope: $scope }) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...TaskCard_task\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlannerTasksPage($scope: String!, $after: String) {\n    tasks(first: 500, after: $after, sortBy: \"createdAt\", sortOrder: \"desc\", filter: { scope: $scope }) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...TaskCard_task\n      }\n    }\n  }\n"];
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
export function graphql(source: "\n  query ConfigLabels {\n    categories: systemConfigs(configType: \"categories\") {\n      id\n      configKey\n      displayLabel\n      color\n    }\n    priorities: systemConfigs(configType: \"priorities\") {\n      id\n      configKey\n      displayLabel\n      color\n    }\n  }\n"): (typeof documents)["\n  query ConfigLabels {\n    categories: systemConfigs(configType: \"categories\") {\n      id\n      configKey\n      displayLabel\n      color\n    }\n    priorities: systemConfigs(configType: \"priorities\") {\n      id\n      configKey\n      displayLabel\n      color\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PresenceViewer_viewer on PresenceViewer {\n    editing\n    user {\n      id\n      username\n      firstName\n      lastName\n    }\n  }\n"): (typeof documents)["\n  fragment PresenceViewer_viewer on PresenceViewer {\n    editing\n    user {\n      id\n      username\n      firstName\n      lastName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TaskPresence($taskId: ID!, $clientId: String!) {\n    taskPresence(taskId: $taskId, clientId: $clientId) {\n      taskId\n      viewers {\n        ...PresenceViewer_viewer\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription TaskPresence($taskId: ID!, $clientId: String!) {\n    taskPresence(taskId: $taskId, clientId: $clientId) {\n      taskId\n      viewers {\n        ...PresenceViewer_viewer\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription BoardPresence {\n    boardPresence {\n      taskId\n      viewers {\n        ...PresenceViewer_viewer\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription BoardPresence {\n    boardPresence {\n      taskId\n      viewers {\n        ...PresenceViewer_viewer\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AnnouncePresence($taskId: ID!, $clientId: String!, $editing: Boolean!) {\n    announcePresence(taskId: $taskId, clientId: $clientId, editing: $editing)\n  }\n"): (typeof documents)["\n  mutation AnnouncePresence($taskId: ID!, $clientId: String!, $editing: Boolean!) {\n    announcePresence(taskId: $taskId, clientId: $clientId, editing: $editing)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProjectCard_project on Project {\n    id\n    version\n    name\n    description\n    charter\n    color\n    projectType\n    visibility\n    status\n    priority\n    progress\n    projectManagerId\n    projectManager {\n      id\n      name\n    }\n    functionId\n    startDate\n    endDate\n    isActive\n    isOverdue\n    taskCounts {\n      open\n      done\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n"): (typeof documents)["\n  fragment ProjectCard_project on Project {\n    id\n    version\n    name\n    description\n    charter\n    color\n    projectType\n    visibility\n    status\n    priority\n    progress\n    projectManagerId\n    projectManager {\n      id\n      name\n    }\n    functionId\n    startDate\n    endDate\n    isActive\n    isOverdue\n    taskCounts {\n      open\n      done\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectsPanel {\n    projects {\n      ...ProjectCard_project\n    }\n    users(includeInactive: false) {\n      id\n      name\n    }\n    functions {\n      id\n      name\n      isActive\n    }\n    tasks(first: 1) {\n      latestSeq\n    }\n  }\n"): (typeof documents)["\n  query ProjectsPanel {\n    projects {\n      ...ProjectCard_project\n    }\n    users(includeInactive: false) {\n      id\n      name\n    }\n    functions {\n      id\n      name\n      isActive\n    }\n    tasks(first: 1) {\n      latestSeq\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProject($input: ProjectInput!) {\n    createProject(input: $input) {\n      ...ProjectCard_project\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProject($input: ProjectInput!) {\n    createProject(input: $input) {\n      ...ProjectCard_project\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProject($id: ID!, $input: ProjectInput!) {\n    updateProject(id: $id, input: $input) {\n      ...ProjectCard_project\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProject($id: ID!, $input: ProjectInput!) {\n    updateProject(id: $id, input: $input) {\n      ...ProjectCard_project\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteProject($id: ID!) {\n    deleteProject(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteProject($id: ID!) {\n    deleteProject(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ProjectEvents {\n    projectEvents {\n      kind\n      projectId\n      project {\n        ...ProjectCard_project\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription ProjectEvents {\n    projectEvents {\n      kind\n      projectId\n      project {\n        ...ProjectCard_project\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Passkeys {\n    passkeys {\n      id\n      name\n      createdAt\n      lastUsedAt\n    }\n  }\n"): (typeof documents)["\n  query Passkeys {\n    passkeys {\n      id\n      name\n      createdAt\n      lastUsedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PasskeyRegistrationOptions {\n    passkeyRegistrationOptions\n  }\n"): (typeof documents)["\n  mutation PasskeyRegistrationOptions {\n    passkeyRegistrationOptions\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddPasskey($response: String!, $name: String) {\n    addPasskey(response: $response, name: $name) {\n      id\n      name\n      createdAt\n      lastUsedAt\n    }\n  }\n"): (typeof documents)["\n  mutation AddPasskey($response: String!, $name: String) {\n    addPasskey(response: $response, name: $name) {\n      id\n      name\n      createdAt\n      lastUsedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenamePasskey($id: ID!, $name: String!) {\n    renamePasskey(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation RenamePasskey($id: ID!, $name: String!) {\n    renamePasskey(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemovePasskey($id: ID!) {\n    removePasskey(id: $id)\n  }\n"): (typeof documents)["\n  mutation RemovePasskey($id: ID!) {\n    removePasskey(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MySessions {\n    mySessions {\n      id\n      current\n      browser\n      os\n      ip\n      signedInAt\n      lastSeenAt\n    }\n  }\n"): (typeof documents)["\n  query MySessions {\n    mySessions {\n      id\n      current\n      browser\n      os\n      ip\n      signedInAt\n      lastSeenAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeOtherSessions {\n    revokeOtherSessions\n  }\n"): (typeof documents)["\n  mutation RevokeOtherSessions {\n    revokeOtherSessions\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ApiTokenRow_token on ApiToken {\n    id\n    name\n    createdAt\n    lastUsedAt\n  }\n"): (typeof documents)["\n  fragment ApiTokenRow_token on ApiToken {\n    id\n    name\n    createdAt\n    lastUsedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SettingsApiTokens {\n    apiTokens {\n      ...ApiTokenRow_token\n    }\n  }\n"): (typeof documents)["\n  query SettingsApiTokens {\n    apiTokens {\n      ...ApiTokenRow_token\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiToken($name: String!) {\n    createApiToken(name: $name) {\n      id\n      name\n      token\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiToken($name: String!) {\n    createApiToken(name: $name) {\n      id\n      name\n      token\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiToken($id: ID!) {\n    revokeApiToken(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeApiToken($id: ID!) {\n    revokeApiToken(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SettingsCalendarFeed {\n    calendarFeed {\n      url\n    }\n  }\n"): (typeof documents)["\n  query SettingsCalendarFeed {\n    calendarFeed {\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateCalendarFeed {\n    rotateCalendarFeed {\n      url\n    }\n  }\n"): (typeof documents)["\n  mutation RotateCalendarFeed {\n    rotateCalendarFeed {\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SettingsEmailIn {\n    emailIn {\n      address\n    }\n  }\n"): (typeof documents)["\n  query SettingsEmailIn {\n    emailIn {\n      address\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateEmailIn {\n    rotateEmailIn {\n      address\n    }\n  }\n"): (typeof documents)["\n  mutation RotateEmailIn {\n    rotateEmailIn {\n      address\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      apiTokens {\n        ...ApiTokenRow_token\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      apiTokens {\n        ...ApiTokenRow_token\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SettingsTwoFactor {\n    twoFactor {\n      enabled\n      recoveryCodesLeft\n      setupRequired\n    }\n  }\n"): (typeof documents)["\n  query SettingsTwoFactor {\n    twoFactor {\n      enabled\n      recoveryCodesLeft\n      setupRequired\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartTwoFactorSetup {\n    startTwoFactorSetup {\n      secret\n      qrCodeDataUrl\n    }\n  }\n"): (typeof documents)["\n  mutation StartTwoFactorSetup {\n    startTwoFactorSetup {\n      secret\n      qrCodeDataUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmTwoFactorSetup($code: String!) {\n    confirmTwoFactorSetup(code: $code)\n  }\n"): (typeof documents)["\n  mutation ConfirmTwoFactorSetup($code: String!) {\n    confirmTwoFactorSetup(code: $code)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TurnOffTwoFactor($code: String!) {\n    turnOffTwoFactor(code: $code)\n  }\n"): (typeof documents)["\n  mutation TurnOffTwoFactor($code: String!) {\n    turnOffTwoFactor(code: $code)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation NewRecoveryCodes($code: String!) {\n    newRecoveryCodes(code: $code)\n  }\n"): (typeof documents)["\n  mutation NewRecoveryCodes($code: String!) {\n    newRecoveryCodes(code: $code)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteTask($id: ID!) {\n    deleteTask(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteTask($id: ID!) {\n    deleteTask(id: $id)\n  }\n"];
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
export function graphql(source: "\n  mutation QuickAddTask($text: String!) {\n    quickAddTask(text: $text) {\n      ...TaskCard_task\n    }\n  }\n"): (typeof documents)["\n  mutation QuickAddTask($text: String!) {\n    quickAddTask(text: $text) {\n      ...TaskCard_task\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TaskPerson_user on User {\n    id\n    username\n    firstName\n    lastName\n    managerId\n  }\n"): (typeof documents)["\n  fragment TaskPerson_user on User {\n    id\n    username\n    firstName\n    lastName\n    managerId\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TaskBase_task on Task {\n    id\n    version\n    title\n    description\n    project\n    category\n    priority\n    status\n    progress\n    column\n    tags\n    dueDate\n    scheduledDate\n    scheduledTime\n    estimatedHours\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdById\n    completedAt\n    isOverdue\n    subtaskCount {\n      total\n      done\n    }\n    commentCount\n    attachmentCount\n    viewerCan {\n      update\n      delete\n    }\n    createdAt\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment TaskBase_task on Task {\n    id\n    version\n    title\n    description\n    project\n    category\n    priority\n    status\n    progress\n    column\n    tags\n    dueDate\n    scheduledDate\n    scheduledTime\n    estimatedHours\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdById\n    completedAt\n    isOverdue\n    subtaskCount {\n      total\n      done\n    }\n    commentCount\n    attachmentCount\n    viewerCan {\n      update\n      delete\n    }\n    createdAt\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TaskDetails_task on Task {\n    ...TaskBase_task\n    createdBy {\n      ...TaskPerson_user\n    }\n    isRepeatable\n    repeatPattern\n    repeatInterval\n    repeatEndDate\n  }\n"): (typeof documents)["\n  fragment TaskDetails_task on Task {\n    ...TaskBase_task\n    createdBy {\n      ...TaskPerson_user\n    }\n    isRepeatable\n    repeatPattern\n    repeatInterval\n    repeatEndDate\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SubtaskItem_subtask on Subtask {\n    id\n    version\n    taskId\n    title\n    description\n    status\n    dueDate\n    estimatedHours\n    tags\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdAt\n    updatedAt\n    viewerCan {\n      update\n      delete\n    }\n  }\n"): (typeof documents)["\n  fragment SubtaskItem_subtask on Subtask {\n    id\n    version\n    taskId\n    title\n    description\n    status\n    dueDate\n    estimatedHours\n    tags\n    assignedToId\n    assignedTo {\n      ...TaskPerson_user\n    }\n    createdAt\n    updatedAt\n    viewerCan {\n      update\n      delete\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CommentItem_comment on TaskComment {\n    id\n    taskId\n    userId\n    content\n    commentType\n    isInternal\n    createdAt\n    mentions {\n      userId\n      name\n      start\n      end\n    }\n    author {\n      ...TaskPerson_user\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n"): (typeof documents)["\n  fragment CommentItem_comment on TaskComment {\n    id\n    taskId\n    userId\n    content\n    commentType\n    isInternal\n    createdAt\n    mentions {\n      userId\n      name\n      start\n      end\n    }\n    author {\n      ...TaskPerson_user\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n"];
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
export function graphql(source: "\n  mutation UpdateComment($id: ID!, $content: String!) {\n    updateComment(id: $id, content: $content) {\n      ...CommentItem_comment\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateComment($id: ID!, $content: String!) {\n    updateComment(id: $id, content: $content) {\n      ...CommentItem_comment\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteComment($id: ID!) {\n    deleteComment(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteComment($id: ID!) {\n    deleteComment(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TaskDetailsEvents($taskId: ID, $since: Int) {\n    boardEvents(taskId: $taskId, since: $since) {\n      kind\n      taskId\n      entityId\n      task {\n        ...TaskDetails_task\n      }\n      subtask {\n        ...SubtaskItem_subtask\n      }\n      comment {\n        ...CommentItem_comment\n      }\n      subtaskCount {\n        done\n        total\n      }\n      commentCount\n    }\n  }\n"): (typeof documents)["\n  subscription TaskDetailsEvents($taskId: ID, $since: Int) {\n    boardEvents(taskId: $taskId, since: $since) {\n      kind\n      taskId\n      entityId\n      task {\n        ...TaskDetails_task\n      }\n      subtask {\n        ...SubtaskItem_subtask\n      }\n      comment {\n        ...CommentItem_comment\n      }\n      subtaskCount {\n        done\n        total\n      }\n      commentCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestoreDeletedTasks($ids: [ID!]!) {\n    restoreDeletedTasks(ids: $ids) {\n      ...TaskCard_task\n    }\n  }\n"): (typeof documents)["\n  mutation RestoreDeletedTasks($ids: [ID!]!) {\n    restoreDeletedTasks(ids: $ids) {\n      ...TaskCard_task\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UndoTaskChange($id: ID!, $input: TaskInput!) {\n    updateTask(id: $id, input: $input) {\n      ...TaskCard_task\n    }\n  }\n"): (typeof documents)["\n  mutation UndoTaskChange($id: ID!, $input: TaskInput!) {\n    updateTask(id: $id, input: $input) {\n      ...TaskCard_task\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TemplateSubtask_item on TemplateSubtask {\n    id\n    title\n    description\n    status\n    estimatedHours\n    position\n  }\n"): (typeof documents)["\n  fragment TemplateSubtask_item on TemplateSubtask {\n    id\n    title\n    description\n    status\n    estimatedHours\n    position\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TemplateCard_template on TaskTemplate {\n    id\n    version\n    name\n    title\n    description\n    project\n    category\n    priority\n    estimatedHours\n    tags\n    defaultAssigneeId\n    defaultAssignee {\n      id\n      name\n    }\n    subtasks {\n      ...TemplateSubtask_item\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n"): (typeof documents)["\n  fragment TemplateCard_template on TaskTemplate {\n    id\n    version\n    name\n    title\n    description\n    project\n    category\n    priority\n    estimatedHours\n    tags\n    defaultAssigneeId\n    defaultAssignee {\n      id\n      name\n    }\n    subtasks {\n      ...TemplateSubtask_item\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaskTemplates {\n    taskTemplates {\n      ...TemplateCard_template\n    }\n  }\n"): (typeof documents)["\n  query TaskTemplates {\n    taskTemplates {\n      ...TemplateCard_template\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTaskTemplate($input: TaskTemplateInput!) {\n    createTaskTemplate(input: $input) {\n      ...TemplateCard_template\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTaskTemplate($input: TaskTemplateInput!) {\n    createTaskTemplate(input: $input) {\n      ...TemplateCard_template\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateTaskTemplate($id: ID!, $input: TaskTemplateInput!) {\n    updateTaskTemplate(id: $id, input: $input) {\n      ...TemplateCard_template\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateTaskTemplate($id: ID!, $input: TaskTemplateInput!) {\n    updateTaskTemplate(id: $id, input: $input) {\n      ...TemplateCard_template\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteTaskTemplate($id: ID!) {\n    deleteTaskTemplate(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteTaskTemplate($id: ID!) {\n    deleteTaskTemplate(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTaskFromTemplate($id: ID!) {\n    createTaskFromTemplate(id: $id) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTaskFromTemplate($id: ID!) {\n    createTaskFromTemplate(id: $id) {\n      ...TaskDetails_task\n      ...TaskCard_task\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetTheme($theme: ThemePreference!) {\n    setTheme(theme: $theme) {\n      id\n      theme\n    }\n  }\n"): (typeof documents)["\n  mutation SetTheme($theme: ThemePreference!) {\n    setTheme(theme: $theme) {\n      id\n      theme\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TimeEntryItem_entry on TimeEntry {\n    id\n    date\n    minutes\n    spentMinutes\n    running\n    note\n    user {\n      id\n      username\n      firstName\n      lastName\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n"): (typeof documents)["\n  fragment TimeEntryItem_entry on TimeEntry {\n    id\n    date\n    minutes\n    spentMinutes\n    running\n    note\n    user {\n      id\n      username\n      firstName\n      lastName\n    }\n    viewerCan {\n      update\n      delete\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaskTime($taskId: ID!) {\n    task(id: $taskId) {\n      id\n      estimatedHours\n      timeSpentMinutes\n    }\n    timeEntries(filter: { taskId: $taskId }) {\n      ...TimeEntryItem_entry\n    }\n  }\n"): (typeof documents)["\n  query TaskTime($taskId: ID!) {\n    task(id: $taskId) {\n      id\n      estimatedHours\n      timeSpentMinutes\n    }\n    timeEntries(filter: { taskId: $taskId }) {\n      ...TimeEntryItem_entry\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RunningTimer {\n    runningTimer {\n      id\n      taskId\n      startedAt\n      task {\n        id\n        title\n      }\n    }\n  }\n"): (typeof documents)["\n  query RunningTimer {\n    runningTimer {\n      id\n      taskId\n      startedAt\n      task {\n        id\n        title\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartTimer($taskId: ID!) {\n    startTimer(taskId: $taskId) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation StartTimer($taskId: ID!) {\n    startTimer(taskId: $taskId) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StopTimer {\n    stopTimer {\n      id\n      minutes\n    }\n  }\n"): (typeof documents)["\n  mutation StopTimer {\n    stopTimer {\n      id\n      minutes\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddTimeEntry($taskId: ID!, $date: String!, $minutes: Int!, $note: String) {\n    addTimeEntry(taskId: $taskId, date: $date, minutes: $minutes, note: $note) {\n      ...TimeEntryItem_entry\n    }\n  }\n"): (typeof documents)["\n  mutation AddTimeEntry($taskId: ID!, $date: String!, $minutes: Int!, $note: String) {\n    addTimeEntry(taskId: $taskId, date: $date, minutes: $minutes, note: $note) {\n      ...TimeEntryItem_entry\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateTimeEntry($id: ID!, $date: String, $minutes: Int, $note: String) {\n    updateTimeEntry(id: $id, date: $date, minutes: $minutes, note: $note) {\n      ...TimeEntryItem_entry\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateTimeEntry($id: ID!, $date: String, $minutes: Int, $note: String) {\n    updateTimeEntry(id: $id, date: $date, minutes: $minutes, note: $note) {\n      ...TimeEntryItem_entry\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteTimeEntry($id: ID!) {\n    deleteTimeEntry(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteTimeEntry($id: ID!) {\n    deleteTimeEntry(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ViewerFields on User {\n    id\n    username\n    firstName\n    lastName\n    email\n    role\n    managerId\n    theme\n  }\n"): (typeof documents)["\n  fragment ViewerFields on User {\n    id\n    username\n    firstName\n    lastName\n    email\n    role\n    managerId\n    theme\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      ...ViewerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($username: String!, $password: String!, $code: String) {\n    login(username: $username, password: $password, code: $code) {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  mutation Login($username: String!, $password: String!, $code: String) {\n    login(username: $username, password: $password, code: $code) {\n      ...ViewerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PasskeySignInOptions {\n    passkeySignInOptions\n  }\n"): (typeof documents)["\n  mutation PasskeySignInOptions {\n    passkeySignInOptions\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LoginWithPasskey($response: String!) {\n    loginWithPasskey(response: $response) {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  mutation LoginWithPasskey($response: String!) {\n    loginWithPasskey(response: $response) {\n      ...ViewerFields\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;