import { ApplicationsPanel } from '../components/admin-applications.tsx';
import { EditionsPanel } from '../components/admin-editions.tsx';
import { ResultsPanel } from '../components/admin-results.tsx';

/** /:lang/admin/diagnosis-config (application launch): the editions, their dates and regulations. */
export function AdminEditionsPage() {
  return <EditionsPanel />;
}

/** /:lang/admin/application: the applications of an edition, evaluated and confirmed in a drawer. */
export function AdminApplicationsPage() {
  return <ApplicationsPanel />;
}

/** /:lang/admin/application-result: publication, results, reports and the edition's seals. */
export function AdminResultsPage() {
  return <ResultsPanel />;
}
