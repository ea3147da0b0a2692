/** What other Store modules (and the upload routes) use of the developers module. */
export {
  DEVELOPER_REQUIRED_MESSAGE,
  findDeveloper,
  registerDeveloper,
  requireEnabledDeveloper,
  type RegisterDeveloperInput,
} from './service.ts';
export { usernameOf } from './invitations.ts';
