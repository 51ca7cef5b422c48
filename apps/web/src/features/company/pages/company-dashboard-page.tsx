import { DashboardGreeting } from '../../session/components/dashboard-greeting.tsx';

export function CompanyDashboardPage() {
  return <DashboardGreeting area="company" />;
}
