import { EditionsPanel } from '../components/admin-editions.tsx';

/** /:lang/admin/diagnosis-config (application launch): the editions, their dates and regulations. */
export function AdminEditionsPage() {
  return <EditionsPanel />;
}
