import { DashboardGreeting } from '../../session/components/dashboard-greeting.tsx';

export function PartnerDashboardPage() {
  return <DashboardGreeting area="partner" />;
}
