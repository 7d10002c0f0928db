import { registerEnumType } from 'type-graphql';

/** A person's colour theme: follow the system's light or dark setting, or always one of them. */
export enum ThemePreference {
  SYSTEM = 'system',
  LIGHT = 'light',
  DARK = 'dark',
}

registerEnumType(ThemePreference, { name: 'ThemePreference', description: "The app's colour theme: the system's setting, light or dark" });
