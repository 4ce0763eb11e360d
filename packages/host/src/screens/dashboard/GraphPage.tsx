import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { DashboardGraph } from './DashboardGraph.js';
import { validateDashboardSearch } from './graph-format.js';
import { useDashboard } from './use-dashboard.js';

/** `/graph` (platform-shell 2.1): the dashboard graph alone, outside the console's layout. */
export function GraphPage() {
  const search = validateDashboardSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const period = search.period ?? 'MONTH';
  const { info, loading } = useDashboard(period);
  return (
    <main className="graph-page">
      <header className="dashboard-header">
        <h1>Dashboard graph</h1>
        <Link to="/dashboard" className="text-link">
          Go to the console
        </Link>
      </header>
      <DashboardGraph
        period={period}
        onPeriod={(p) => void navigate({ to: '/graph', search: validateDashboardSearch({ period: p }) })}
        info={info}
        loading={loading}
      />
    </main>
  );
}
