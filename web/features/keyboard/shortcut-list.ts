import { PLANNER_VIEWS } from '../planner';

/** One line of the '?' cheat sheet. */
export interface Shortcut {
  keys: string[];
  description: string;
}

/** Every single-key shortcut, grouped as the cheat sheet shows them (the handlers follow this list). */
export const SHORTCUT_GROUPS: { title: string; shortcuts: Shortcut[] }[] = [
  {
    title: 'Anywhere',
    shortcuts: [
      { keys: ['n'], description: 'New task' },
      { keys: ['/'], description: 'Search tasks' },
      { keys: ['t'], description: "Today's board" },
      ...PLANNER_VIEWS.map((view, i) => ({ keys: [String(i + 1)], description: view.label })),
      { keys: ['?'], description: 'Show keyboard shortcuts' },
      { keys: ['Ctrl', 'K'], description: 'Command palette (Cmd+K on a Mac)' },
    ],
  },
  {
    title: 'On a task card',
    shortcuts: [
      { keys: ['j'], description: 'Next card' },
      { keys: ['k'], description: 'Previous card' },
      { keys: ['e'], description: 'Edit (open the details)' },
      { keys: ['x'], description: 'Select (master list)' },
      { keys: ['c'], description: 'Complete' },
      { keys: ['[', ']'], description: 'Previous / next column (daily board)' },
    ],
  },
];
