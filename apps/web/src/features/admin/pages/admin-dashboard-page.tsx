import { DashboardGreeting } from '../../session/components/dashboard-greeting.tsx';

export function AdminDashboardPage() {
  return <DashboardGreeting area="admin" />;
}
