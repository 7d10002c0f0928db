import { graphql } from '../../gql';

export const TimeEntryFragment = graphql(`
  fragment TimeEntryItem_entry on TimeEntry {
    id
    date
    minutes
    spentMinutes
    running
    note
    user {
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

/** A task's time: the total spent (everyone's), its estimate, and the entries the viewer may read. */
export const TaskTimeQuery = graphql(`
  query TaskTime($taskId: ID!) {
    task(id: $taskId) {
      id
      estimatedHours
      timeSpentMinutes
    }
    timeEntries(filter: { taskId: $taskId }) {
      ...TimeEntryItem_entry
    }
  }
`);

/** The viewer's running timer (the header chip and the task details' Start/Stop button). */
export const RunningTimerQuery = graphql(`
  query RunningTimer {
    runningTimer {
      id
      taskId
      startedAt
      task {
        id
        title
      }
    }
  }
`);

export const StartTimerMutation = graphql(`
  mutation StartTimer($taskId: ID!) {
    startTimer(taskId: $taskId) {
      id
    }
  }
`);

export const StopTimerMutation = graphql(`
  mutation StopTimer {
    stopTimer {
      id
      minutes
    }
  }
`);

export const AddTimeEntryMutation = graphql(`
  mutation AddTimeEntry($taskId: ID!, $date: String!, $minutes: Int!, $note: String) {
    addTimeEntry(taskId: $taskId, date: $date, minutes: $minutes, note: $note) {
      ...TimeEntryItem_entry
    }
  }
`);

export const UpdateTimeEntryMutation = graphql(`
  mutation UpdateTimeEntry($id: ID!, $date: String, $minutes: Int, $note: String) {
    updateTimeEntry(id: $id, date: $date, minutes: $minutes, note: $note) {
      ...TimeEntryItem_entry
    }
  }
`);

export const DeleteTimeEntryMutation = graphql(`
  mutation DeleteTimeEntry($id: ID!) {
    deleteTimeEntry(id: $id)
  }
`);

/** What every time change reads again: the task's time and the running timer. */
export const TIME_REFETCH = { refetchQueries: ['TaskTime', 'RunningTimer', 'DayTime'], awaitRefetchQueries: true };

/** The daily board's "Planned · Spent" for a day and the planner's scope (one person, or unassigned). */
export const DayTimeQuery = graphql(`
  query DayTime($day: String!, $scope: String!, $assignedToId: ID) {
    dayTime(day: $day, scope: $scope, assignedToId: $assignedToId) {
      day
      plannedMinutes
      spentMinutes
    }
  }
`);
