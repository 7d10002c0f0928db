import { graphql } from '../../gql';

/** The viewer's email-in address, for the phone fallback of the Bookmarklet page. */
export const BookmarkletEmailInQuery = graphql(`
  query BookmarkletEmailIn {
    emailIn {
      address
    }
  }
`);
