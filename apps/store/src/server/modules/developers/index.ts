/** What other Store modules (and the upload routes) use of the developers module. */
export {
  ALREADY_DEVELOPER_MESSAGE,
  DEVELOPER_REQUIRED_MESSAGE,
  findDeveloper,
  findDeveloperNames,
  leaveAsDeveloper,
  registerDeveloper,
  requireEnabledDeveloper,
  type RegisterDeveloperInput,
} from './service.ts';
export { usernameOf } from './invitations.ts';
