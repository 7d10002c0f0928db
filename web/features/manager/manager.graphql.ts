import { graphql } from '../../gql';

/** A reportee's task as the dashboard lists it (a click opens the full task details). */
export const ManagerTaskFragment = graphql(`
  fragment ManagerTask_task on Task {
    id
    title
    status
    priority
    project
    dueDate
    scheduledDate
    scheduledTime
    estimatedHours
    isOverdue
    updatedAt
    assignedTo {
      id
      name
    }
  }
`);

/**
 * The manager dashboard's one query (cards and tabs, plus Today and Slippage), and the board log's position
 * so the live stream that keeps it current starts from here.
 */
export const ManagerDashboardQuery = graphql(`
  query ManagerDashboard($days: Int) {
    managerDashboard {
      teamMembers
      totalTasks
      completedTasks
      completionPercentage
      overdueTasks
      recentTasks {
        ...ManagerTask_task
      }
      byPerson {
        user {
          id
          name
        }
        tasks {
          ...ManagerTask_task
        }
        totalCount
        remainingCount
      }
      byStatus {
        status
        tasks {
          ...ManagerTask_task
        }
        totalCount
        remainingCount
      }
      today {
        date
        people {
          user {
            id
            name
          }
          capacityHours
          plannedHours
          overCapacity
          tasks {
            ...ManagerTask_task
          }
        }
      }
      slippage(days: $days) {
        days
        from
        to
        people {
          user {
            id
            name
          }
          plannedTasks
          slippedTasks
          totalDaysSlipped
          averageDaysSlipped
        }
      }
    }
    tasks(first: 1) {
      latestSeq
    }
  }
`);

/** An admin sets a reportee's daily capacity (through the user service). */
export const SetCapacityMutation = graphql(`
  mutation SetDailyCapacity($id: ID!, $hours: Float!) {
    updateUser(id: $id, input: { dailyCapacityHours: $hours }) {
      id
      dailyCapacityHours
    }
  }
`);

/** The Time tab: planned against spent per reportee and project for the week or month holding `start`. */
export const ManagerTimeQuery = graphql(`
  query ManagerTime($range: TimeRange!, $start: String) {
    managerTime(range: $range, start: $start) {
      range
      from
      to
      plannedMinutes
      spentMinutes
      people {
        user {
          id
          name
        }
        plannedMinutes
        spentMinutes
      }
      projects {
        project
        name
        plannedMinutes
        spentMinutes
      }
    }
  }
`);
