import { graphql } from '../../gql';

export const NotificationPreferencesQuery = graphql(`
  query NotificationPreferences {
    notificationPreferences {
      emailAvailable
      timeZone
      preferences {
        kind
        inApp
        email
      }
    }
  }
`);

export const UpdateNotificationPreferencesMutation = graphql(`
  mutation UpdateNotificationPreferences($preferences: [NotificationPreferenceInput!]!) {
    updateNotificationPreferences(preferences: $preferences) {
      emailAvailable
      timeZone
      preferences {
        kind
        inApp
        email
      }
    }
  }
`);
