import { graphql } from '../../gql';

/** The viewer's own colour theme (kept on the server, so it follows them to every device). */
export const SetThemeMutation = graphql(`
  mutation SetTheme($theme: ThemePreference!) {
    setTheme(theme: $theme) {
      id
      theme
    }
  }
`);
