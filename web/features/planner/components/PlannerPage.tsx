import { NotYetAvailable } from '../../common/NotYetAvailable';

/** The planner (SPEC 2.4). */
export default function PlannerPage() {
  return <NotYetAvailable title="Planner" />;
}
