import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed documents for the web client from the committed SDL (npm run codegen).
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['web/**/*.{ts,tsx}', '!web/gql/**/*'],
  ignoreNoDocuments: true,
  generates: {
    'web/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: { DateTimeISO: 'string' },
        skipTypename: false,
      },
    },
  },
};

export default config;
