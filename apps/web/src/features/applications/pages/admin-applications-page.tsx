import { ApplicationsPanel } from '../components/admin-applications.tsx';

/** /:lang/admin/application: the applications of an edition, evaluated and confirmed in a drawer. */
export function AdminApplicationsPage() {
  return <ApplicationsPanel />;
}
