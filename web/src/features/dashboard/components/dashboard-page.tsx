import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getOverview, getProfile } from '../api/get-overview';

/** The signed-in home: who is signed in, what is open, and the way out. */
export function DashboardPage() {
  const navigate = useNavigate();
  const profile = useSWR('profile', getProfile);
  const overview = useSWR('overview', getOverview);
  const firstName = profile.data?.name?.split(/\s+/)[0];

  return (
    <main id="main" className="dashboard">
      <title>Dashboard · Tempo</title>
      <header className="dashboard__header">
        <div>
          <h1>{firstName ? `Welcome back, ${firstName}` : 'Welcome back'}</h1>
          {profile.data && <p className="dashboard__email">{profile.data.email}</p>}
        </div>
        <Button variant="secondary" onClick={() => void navigate('/signout')}>
          Sign Out
        </Button>
      </header>

      <section className="card" aria-labelledby="overview-heading">
        <h2 id="overview-heading">At a glance</h2>
        {overview.error ? (
          <Alert tone="error">Your goals and tasks could not be loaded. Please try again.</Alert>
        ) : overview.data ? (
          <dl className="stats">
            <div className="stat">
              <dt>Active Goals</dt>
              <dd>{overview.data.activeGoals}</dd>
            </div>
            <div className="stat">
              <dt>Pending Tasks</dt>
              <dd>{overview.data.pendingTasks}</dd>
            </div>
          </dl>
        ) : (
          <p className="page-status__inline" role="status">
            <Spinner /> Loading...
          </p>
        )}
      </section>
    </main>
  );
}
