// Jest global teardown of the projects whose global setup is test/support/db-template.ts.
import { removeTemplate } from './db-template';

export default function globalTeardown(): void {
  removeTemplate();
}
